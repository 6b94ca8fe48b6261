/// How long `parley serve` remembers AG-UI threads. A client never says a thread is over, so
/// without a limit a server left running keeps every conversation it ever had (issue 20).
public struct ThreadRetention: Hashable, Sendable {
    /// A thread not run for this long is forgotten; a run on it later starts a new conversation.
    public var idleLimit: Duration
    /// The most threads kept; past it the one unused longest is forgotten first.
    public var capacity: Int

    /// Limits; the defaults outlast any test conversation and bound memory to some tens of MB.
    public init(idleLimit: Duration = .seconds(30 * 60), capacity: Int = 10_000) {
        self.idleLimit = idleLimit
        self.capacity = max(1, capacity)
    }
}
