/// What the client does when its socket closes (§10.3–10.5), and how long it waits first. Pure:
/// the jitter comes in as a number, so every rule is a unit test.
public struct ReconnectPolicy: Sendable, Hashable {
    /// Reconnects allowed in a row without a socket opening; 0 means no limit.
    public var maxAttempts: Int

    /// A policy with a cap (the SDK's default is 10).
    public init(maxAttempts: Int = 10) {
        self.maxAttempts = maxAttempts
    }

    /// How a socket ended, as the session saw it.
    public enum Ending: Sendable, Hashable {
        /// The server sent a close frame with this code.
        case closed(code: Int, reason: String)
        /// The connection dropped with no close frame (a 1006 to the SDK).
        case dropped
        /// The upgrade was answered with something other than 101 (a bad token or an unknown
        /// session, on PolyAI; a wrong URL): the reason names the status when it could be learnt.
        case refused(String)
        /// The socket never opened: connection refused, a timeout, DNS; or it opened and the
        /// server sent nothing. The reason says which, as a sentence.
        case unreachable(String)
    }

    /// What to do next.
    public enum Action: Sendable, Hashable {
        /// The conversation is over (a clean close).
        case end
        /// Connect again to the same session, with the cursor, after the delay.
        case reconnect
        /// The server no longer knows the session (4001) or refused the handshake: get a fresh
        /// token and try again; a second refusal with a fresh token starts a new session.
        case refresh
    }

    /// The action for `ending`.
    public func action(for ending: Ending) -> Action {
        switch ending {
        case .closed(let code, _):
            switch code {
            case 1000: return .end
            case 4001: return .refresh
            default: return .reconnect
            }
        case .dropped, .unreachable: return .reconnect
        case .refused: return .refresh
        }
    }

    /// Whether attempt number `attempt` (1-based, counted since the last open) is allowed.
    public func allows(attempt: Int) -> Bool {
        maxAttempts == 0 || attempt <= maxAttempts
    }

    /// The wait before attempt number `attempt` (1-based): `min(30, 2^(attempt-1))` seconds times
    /// `jitter`, a number in 0.8…1.2 (the SDK's ±20 %).
    public func delay(attempt: Int, jitter: Double) -> Duration {
        let exponent = max(0, min(attempt - 1, 5))
        let base = min(30.0, Double(1 << exponent))
        return .milliseconds(Int64((base * min(max(jitter, 0.8), 1.2) * 1000).rounded()))
    }
}
