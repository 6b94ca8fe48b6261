/// Answers meaning questions: embeddings and judge endpoints, with their cache (ParleyMeaning).
public protocol MeaningResolver: Sendable {
    /// An answer for every question (``MeaningAnswer/unavailable(_:)`` when none can be had).
    func answers(to questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer]
}
