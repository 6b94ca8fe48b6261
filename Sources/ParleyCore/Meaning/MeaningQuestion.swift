import ParleyModel

/// What a `similar` or `judge` matcher needs a model to answer about one text.
public enum MeaningQuestion: Hashable, Sendable {
    /// How close in meaning `text` is to `reference` (cosine similarity of their embeddings).
    case similarity(text: String, reference: String)
    /// Whether `text` meets `rubric`, in a judge model's view.
    case judgement(text: String, rubric: String)

    /// The kind of model that answers it.
    public var kind: MeaningKind {
        switch self {
        case .similarity: return .embeddings
        case .judgement: return .judge
        }
    }
}
