import ParleyModel

/// One `similar` or `judge` decision, as reports show it: what was compared, the score, the
/// threshold, the model and (for a judge) its reason.
public struct MeaningCheck: Hashable, Sendable {
    /// `similar` (embeddings) or `judge`.
    public var kind: MeaningKind
    /// The agent's text.
    public var text: String
    /// The reference text (`similar`) or the rubric (`judge`).
    public var against: String
    /// Whether it held.
    public var passed: Bool
    /// The similarity, or the judge's score; nil when no model answered.
    public var score: Double?
    /// The least score that passes, when one applies.
    public var threshold: Double?
    /// The judge's reason, or why no model answered.
    public var reason: String?
    /// The model that answered.
    public var model: String?

    /// Creates a check.
    public init(
        kind: MeaningKind, text: String, against: String, passed: Bool, score: Double?, threshold: Double?, reason: String?, model: String?
    ) {
        self.kind = kind
        self.text = text
        self.against = against
        self.passed = passed
        self.score = score
        self.threshold = threshold
        self.reason = reason
        self.model = model
    }
}
