/// The outcome of matching one value: whether it held, how close it came, and why not.
public struct MatchResult: Hashable, Sendable {
    /// Whether every condition held.
    public var passed: Bool
    /// The share of leaf conditions that held, 0…1: ranks candidates so the closest is shown first.
    public var score: Double
    /// What did not hold, in words (`no "shipped"`); empty when passed.
    public var reasons: [String]

    static let pass = MatchResult(passed: true, score: 1, reasons: [])

    static func fail(_ reason: String) -> MatchResult {
        MatchResult(passed: false, score: 0, reasons: [reason])
    }

    /// All of `results` must hold; the score is their average.
    static func all(_ results: [MatchResult]) -> MatchResult {
        guard !results.isEmpty else { return .pass }
        return MatchResult(
            passed: results.allSatisfy(\.passed), score: results.map(\.score).reduce(0, +) / Double(results.count),
            reasons: results.flatMap(\.reasons))
    }
}
