/// How long `parley serve` remembers a conversation: an AG-UI thread, a PolyAI session, a
/// CometChat conversation or user. A client often never says a conversation is over, so without a
/// limit a server left running keeps every conversation it ever had (issue 20).
public struct ConversationRetention: Hashable, Sendable {
    /// A conversation not used for this long is forgotten.
    public var idleLimit: Duration
    /// The most conversations kept; past it the one unused longest is forgotten first.
    public var capacity: Int

    /// Limits; the defaults outlast any test conversation and bound memory to some tens of MB.
    public init(idleLimit: Duration = .seconds(30 * 60), capacity: Int = 10_000) {
        self.idleLimit = idleLimit
        self.capacity = max(1, capacity)
    }
}
