import ParleySimulator

/// One thing a play puts on a PolyAI socket and when, from the start of the play: an event, or a
/// wire fault that acts on the events after it.
public struct PolyAITimedItem: Hashable, Sendable {
    /// Time from the start of the play.
    public var offset: Duration
    /// The event or fault.
    public var content: Content

    /// An event, or a fault for the live socket.
    public enum Content: Hashable, Sendable {
        case event(PolyAIEvent)
        /// Never `delayEcho`: the encoder takes that out (it acts on the echo before the play).
        case fault(ScriptFault)
    }

    /// Creates an item.
    public init(_ content: Content, at offset: Duration) {
        self.content = content
        self.offset = offset
    }
}

/// A play as PolyAI: its timed items, how late the echo of the message it answers goes out, and
/// the suggestions of its last reply (a later message with one of those texts is a tap).
public struct PolyAIEncodedPlay: Hashable, Sendable {
    /// The events and faults, offsets never decreasing.
    public var items: [PolyAITimedItem]
    /// The sum of the play's `delay_echo` faults.
    public var echoDelay: Duration
    /// The suggestions of the play's last reply; nil when it has no reply.
    public var lastSuggestions: [String]?

    /// Creates an encoded play.
    public init(items: [PolyAITimedItem] = [], echoDelay: Duration = .zero, lastSuggestions: [String]? = nil) {
        self.items = items
        self.echoDelay = echoDelay
        self.lastSuggestions = lastSuggestions
    }

    /// Just the events, in order: handy in tests.
    public var events: [PolyAIEvent] {
        items.compactMap { item in
            if case .event(let event) = item.content { return event }
            return nil
        }
    }
}
