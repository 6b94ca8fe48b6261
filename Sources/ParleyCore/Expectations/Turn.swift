import ParleyModel

/// The events since the last user action, each with its time since that action: what `expect` looks at.
public struct Turn: Hashable, Sendable {
    /// One event and when it arrived, measured from the user action that opened the turn.
    public struct Entry: Hashable, Sendable {
        public var event: AgentEvent
        public var offset: Duration

        public init(_ event: AgentEvent, at offset: Duration) {
            self.event = event
            self.offset = offset
        }
    }

    /// The events, in arrival order.
    public private(set) var entries: [Entry] = []

    /// An empty turn.
    public init() {}

    /// Records an event.
    public mutating func append(_ event: AgentEvent, at offset: Duration) {
        entries.append(Entry(event, at: offset))
    }

    /// Whether the connector said the agent is done with this turn.
    public var hasEnded: Bool { entries.contains { $0.event == .turnEnded } }

    /// The time a latency measure reached, if it has.
    public func latency(_ measure: LatencyMeasure) -> Duration? {
        entries.first { entry in
            switch (measure, entry.event) {
            case (.firstToken, .textDelta), (.firstToken, .reply), (.replyComplete, .reply), (.runFinished, .runFinished): return true
            default: return false
            }
        }?.offset
    }
}

extension Turn {
    /// A turn holding these entries (a tail of another turn, for messages).
    init(entries: [Entry]) {
        self.init()
        for entry in entries { append(entry.event, at: entry.offset) }
    }
}
