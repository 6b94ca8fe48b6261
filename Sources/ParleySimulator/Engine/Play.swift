import ParleyModel

/// What the agent does in answer to one user action: events (and faults) at offsets from the
/// moment the play starts. Offsets never decrease.
public struct Play: Hashable, Sendable {
    /// The items in order.
    public var items: [TimedItem]
    /// The rule that played, `fallback`, `greeting`, or nil (a refused or silent action).
    public var source: String?

    /// Creates a play.
    public init(items: [TimedItem] = [], source: String? = nil) {
        self.items = items
        self.source = source
    }

    /// Just the events, without offsets and faults: handy in tests and transcripts.
    public var events: [AgentEvent] {
        items.compactMap { item in
            switch item.content {
            case .event(let event): return event
            case .fault: return nil
            }
        }
    }

    /// When the last item is due; zero for an empty play.
    public var duration: Duration { items.last?.offset ?? .zero }
}

/// One item of a play and when it is due.
public struct TimedItem: Hashable, Sendable {
    /// Time from the start of the play.
    public var offset: Duration
    /// The event or fault.
    public var content: Content

    /// Creates an item.
    public init(_ content: Content, at offset: Duration) {
        self.content = content
        self.offset = offset
    }

    /// An event for the client, or a fault for the transport.
    public enum Content: Hashable, Sendable {
        case event(AgentEvent)
        /// Applied by the transport at this point (in-process, only `drop_connection` acts).
        case fault(ScriptFault)
    }
}
