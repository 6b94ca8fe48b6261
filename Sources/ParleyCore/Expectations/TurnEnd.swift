/// When the agent's turn ended, and when a read without `within:` stops waiting for late events.
/// Offsets are from the user action that opened the turn.
public struct TurnEnd: Hashable, Sendable {
    /// When the connector said the turn was over.
    public var at: Duration
    /// When a read without `within:` gives up: the settle period after the end and after the last event.
    public var settledAt: Duration

    /// Creates a turn end.
    public init(at: Duration, settledAt: Duration) {
        self.at = at
        self.settledAt = settledAt
    }
}
