/// The keep-alive of one authenticated socket, decided without I/O (protocols/cometchat-sdk.md
/// §2.2): a ping at once, then every interval; a ping whose pong has not come within the window
/// means the socket is dead. Times are readings of the run's clock.
public struct CometChatKeepAlive: Hashable, Sendable {
    public let timing: CometChatLinkTiming
    /// When the next ping is due.
    public private(set) var nextPingAt: Duration
    /// When the oldest unanswered ping's pong is overdue; nil when every ping was answered.
    public private(set) var pongDueBy: Duration?

    /// What to do now.
    public enum Step: Hashable, Sendable {
        /// Send `{"action":"ping","ack":true}`.
        case ping
        /// The pong did not come within the window: the socket is dead.
        case overdue
        /// Nothing until this reading.
        case wait(until: Duration)
    }

    /// A keep-alive for a socket authenticated at `now`: the first ping is due at once.
    public init(timing: CometChatLinkTiming, authenticatedAt now: Duration) {
        self.timing = timing
        nextPingAt = now
    }

    /// The step at `now`; a ping it asks for is counted as sent.
    public mutating func step(at now: Duration) -> Step {
        if let due = pongDueBy, now >= due { return .overdue }
        if now >= nextPingAt {
            if pongDueBy == nil { pongDueBy = now + timing.pongWindow }
            nextPingAt = now + timing.pingInterval
            return .ping
        }
        return .wait(until: pongDueBy.map { min($0, nextPingAt) } ?? nextPingAt)
    }

    /// A pong arrived: every ping so far is answered.
    public mutating func pong() {
        pongDueBy = nil
    }

    /// The frame a ping sends.
    public static let pingFrame = #"{"action":"ping","ack":true}"#
}
