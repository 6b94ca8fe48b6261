import ParleyModel

/// What the conversation wants done after one input: events to report, frames to send, or the
/// reason the flow fails. A value, so the I/O side stays a thin loop and tests read it directly.
public struct PolyReaction: Hashable, Sendable {
    /// Events to report, in order.
    public var events: [AgentEvent]
    /// JSON text frames to send now, in order.
    public var frames: [String]
    /// The agent broke the protocol (a frame that is not a JSON object), or an action cannot be
    /// performed: a readable reason that fails the flow. Duplicates and unknown types are handled,
    /// never failures.
    public var failure: String?
    /// Events and frames dropped the way the SDK drops them (no id, a duplicate, a broken batch),
    /// with why: lines for the log, not failures.
    public var dropped: [String]

    /// Creates a reaction.
    public init(events: [AgentEvent] = [], frames: [String] = [], failure: String? = nil, dropped: [String] = []) {
        self.events = events
        self.frames = frames
        self.failure = failure
        self.dropped = dropped
    }
}
