/// The counters of one PolyAI session's reconnects, and what to do after each socket ends, decided
/// without I/O: the session's loop only carries the decisions out (waits, fetches a token, opens a
/// socket). ``ReconnectPolicy`` holds the SDK's rules per ending; this adds what they count.
public struct ReconnectLadder: Hashable, Sendable {
    /// Reconnects since the counters last started over (the `attempt` connection events carry).
    public private(set) var attempt = 0
    /// Handshakes PolyAI refused, or sessions it forgot (4001), in a row.
    public private(set) var refreshes = 0

    /// How long a socket must have worked for the counters to start over: a server that answers
    /// and then drops or refuses at once still runs into the cap.
    public static let healthy = Duration.seconds(30)
    /// Refusals in a row after which the session is given up.
    public static let maxRefreshes = 3

    /// What the session does next.
    public enum Decision: Hashable, Sendable {
        /// The conversation is over (a clean close).
        case end
        /// Open the socket again on the same session after `delay`.
        case reconnect(attempt: Int, delay: Duration)
        /// After `delay`, get a fresh token; `sameSession` keeps the session (a first refused
        /// handshake), otherwise a new session starts and the conversation with it.
        case refresh(attempt: Int, delay: Duration, sameSession: Bool)
        /// Stop: the flow fails with this reason.
        case giveUp(String)
    }

    /// A session whose first socket is about to open.
    public init() {}

    /// The decision after a socket ended with `ending`. `worked` is how long it was up when it got
    /// as far as the server's first frame, nil when it never did; `policy` carries the cap in force
    /// and `jitter` (0.8…1.2) spreads the wait, as the SDK does.
    public mutating func next(after ending: ReconnectPolicy.Ending, worked: Duration?, policy: ReconnectPolicy, jitter: Double) -> Decision {
        if let worked, worked >= Self.healthy {
            attempt = 0
            refreshes = 0
        }
        switch policy.action(for: ending) {
        case .end:
            return .end
        case .refresh:
            refreshes += 1
            guard refreshes <= Self.maxRefreshes else {
                return .giveUp("PolyAI rejected the session \(refreshes) times in a row (last: \(Self.describe(ending)))")
            }
            // A refused handshake first gets a fresh token for the same session; 4001, or a second
            // refusal, means the session is gone.
            let refused = if case .refused = ending { true } else { false }
            attempt += 1
            return .refresh(attempt: attempt, delay: policy.delay(attempt: refreshes, jitter: jitter), sameSession: refreshes == 1 && refused)
        case .reconnect:
            attempt += 1
            guard policy.allows(attempt: attempt) else {
                return .giveUp("gave up reconnecting after \(attempt - 1) attempts (last: \(Self.describe(ending)))")
            }
            return .reconnect(attempt: attempt, delay: policy.delay(attempt: attempt, jitter: jitter))
        }
    }

    /// An ending as the reason a flow reads.
    public static func describe(_ ending: ReconnectPolicy.Ending) -> String {
        switch ending {
        case .closed(let code, let reason): reason.isEmpty ? "closed with \(code)" : "closed with \(code) \"\(reason)\""
        case .dropped: "the connection dropped with no close frame (1006)"
        case .refused(let why), .unreachable(let why): why
        }
    }
}
