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

/// A model's answer to one question.
public enum MeaningAnswer: Hashable, Sendable {
    /// The cosine similarity, -1…1, from `model`.
    case similarity(Double, model: String)
    /// The judge's verdict.
    case verdict(Verdict)
    /// No answer: the endpoint is not configured, failed or answered nonsense (the reason says which).
    case unavailable(String)
}

/// A judge model's structured verdict.
public struct Verdict: Hashable, Sendable, Codable {
    /// Whether the text meets the rubric.
    public var pass: Bool
    /// How well, 0…1.
    public var score: Double
    /// Why, in the judge's words.
    public var reason: String
    /// The model that judged.
    public var model: String

    /// Creates a verdict.
    public init(pass: Bool, score: Double, reason: String, model: String) {
        self.pass = pass
        self.score = score
        self.reason = reason
        self.model = model
    }
}

/// Answers meaning questions: embeddings and judge endpoints, with their cache (ParleyMeaning).
public protocol MeaningResolver: Sendable {
    /// An answer for every question (``MeaningAnswer/unavailable(_:)`` when none can be had).
    func answers(to questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer]
}
