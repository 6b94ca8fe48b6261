/// A model's answer to one question.
public enum MeaningAnswer: Hashable, Sendable {
    /// The cosine similarity, -1…1, from `model`.
    case similarity(Double, model: String)
    /// The judge's verdict.
    case verdict(Verdict)
    /// No answer: the endpoint is not configured, failed or answered nonsense (the reason says which).
    case unavailable(String)
}
