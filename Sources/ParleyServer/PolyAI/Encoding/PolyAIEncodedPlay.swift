import ParleySimulator

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
            if case .output(let event) = item.content { return event }
            return nil
        }
    }
}
