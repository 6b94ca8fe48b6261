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
