/// When a check alerts: once after `after` consecutive failures, once when it passes again. A
/// pure state machine per check (STYLE 11); an interrupted run says nothing about the agent, so it
/// neither counts as a failure nor resets the count.
public struct AlertRule: Hashable, Sendable {
    /// Consecutive failures that make an alert.
    public let after: Int
    /// Failures since the last pass.
    public private(set) var failures = 0
    /// Whether the check has alerted and not yet recovered.
    public private(set) var alerting = false

    /// A rule that alerts after `after` consecutive failures (at least 1).
    public init(after: Int = 2) {
        self.after = max(after, 1)
    }

    /// Takes in a run's outcome; the alert it makes, if any.
    public mutating func receive(_ outcome: CheckOutcome) -> AlertKind? {
        guard outcome.counts else { return nil }
        if outcome.isUp {
            failures = 0
            guard alerting else { return nil }
            alerting = false
            return .recovered
        }
        failures += 1
        guard !alerting, failures >= after else { return nil }
        alerting = true
        return .failing
    }
}
