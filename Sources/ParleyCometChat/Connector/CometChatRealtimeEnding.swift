/// How a realtime connection ended.
public enum CometChatRealtimeEnding: Hashable, Sendable {
    /// The server closed it with a close frame.
    case closed(code: Int, reason: String)
    /// It dropped with no close frame.
    case dropped
    /// It never worked: unreachable, refused, not authenticated, too slow; the reason says which.
    case failed(String)
    /// The connector closed it (the flow ended or the user ended the session).
    case cancelled
}
