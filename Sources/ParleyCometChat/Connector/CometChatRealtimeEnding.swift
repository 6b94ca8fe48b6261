/// How a realtime connection ended.
public enum CometChatRealtimeEnding: Hashable, Sendable {
    /// The server closed it with a close frame.
    case closed(code: Int, reason: String)
    /// It dropped with no close frame.
    case dropped
    /// A ping went unanswered within the pong window; the transport closed it.
    case unresponsive(String)
    /// The server refused the auth frame (a JWT it does not take, say); the reason says how.
    case refused(String)
    /// It never worked (unreachable, declined, too slow), or it broke in a way reconnecting cannot
    /// fix (a message above the size limit); the reason says which.
    case failed(String)
    /// The connector closed it (the flow ended or the user ended the session).
    case cancelled
}
