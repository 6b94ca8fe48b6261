import Foundation
import ParleyModel

/// One finished (or interrupted) run of a check: what the history keeps, `/metrics` counts, the
/// status page draws and the alerts decide on.
public struct CheckRecord: Hashable, Sendable {
    /// Unique per run (a UUID), the history's key.
    public var id: String
    /// The check's name in `monitor: checks:`.
    public var check: String
    /// Wall-clock start, for people and for retention by age.
    public var startedAt: Date
    /// How long it ran, on the monotonic clock.
    public var duration: Duration
    public var outcome: CheckOutcome
    /// Flows run, and how many passed (flaky included).
    public var flows: Int
    public var passedFlows: Int
    /// The first failure, as `parley run` prints it (`file:line:col: …`), masked; nil when passed.
    public var message: String?
    /// Each turn's latencies, from the user action that opened it, in the order the turns ended.
    public var turns: [[LatencyMeasure: Duration]]
    /// The first failing flow's transcript as JSON lines (docs/reports.md), masked; nil when passed.
    public var transcript: String?

    /// Creates a record.
    public init(
        id: String, check: String, startedAt: Date, duration: Duration, outcome: CheckOutcome, flows: Int = 0, passedFlows: Int = 0,
        message: String? = nil, turns: [[LatencyMeasure: Duration]] = [], transcript: String? = nil
    ) {
        self.id = id
        self.check = check
        self.startedAt = startedAt
        self.duration = duration
        self.outcome = outcome
        self.flows = flows
        self.passedFlows = passedFlows
        self.message = message
        self.turns = turns
        self.transcript = transcript
    }
}
