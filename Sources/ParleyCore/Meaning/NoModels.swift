import ParleyModel

/// What answers when a flow asks a model and the runner was given none: each question fails
/// with the reason, so a `similar` step reads why it failed instead of what it did not compare.
struct NoModels: MeaningResolver {
    func answers(to questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer] {
        Dictionary(
            questions.map { ($0, .unavailable("no model answers `\($0.kind.keyword)` here (parley run reads them from parley.yaml's models:)")) },
            uniquingKeysWith: { first, _ in first })
    }
}
