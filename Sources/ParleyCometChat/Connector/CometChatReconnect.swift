/// Whether to reconnect after a socket ended, decided without I/O (protocols/cometchat-sdk.md §4):
/// like the SDK, any loss of a socket that worked (a close other than the logout code, a drop, a
/// missed pong, a refused or failed attempt) is followed by another attempt after the delay, up to
/// ``CometChatLinkTiming/maxReconnects`` in a row. What cannot get better stops at once: the first
/// socket never authenticating (a wrong address or app), a logout, a message above the size limit.
public struct CometChatReconnect: Hashable, Sendable {
    public let timing: CometChatLinkTiming
    /// Attempts made since the last authenticated socket.
    public private(set) var attempt = 0
    /// Whether any socket of the session was authenticated.
    public private(set) var everAuthenticated = false

    /// The close code that means the user logged out (the Android SDK's `KEY_CODE_LOGOUT`, with
    /// reason `USER_LOGGED_OUT`): the SDK does not reconnect after it.
    public static let logoutCode = 1002

    /// What to do next.
    public enum Decision: Hashable, Sendable {
        /// Connect again after `delay`; `freshLogin` asks for a new JWT first (`PUT /me`), the server
        /// having refused the one it had.
        case retry(attempt: Int, delay: Duration, freshLogin: Bool)
        /// Give up: the flow fails with this reason.
        case stop(String)
    }

    /// A policy with no socket yet.
    public init(timing: CometChatLinkTiming) {
        self.timing = timing
    }

    /// The decision after a socket ended with `ending`; `authenticated` says whether that socket
    /// got as far as an accepted auth frame.
    public mutating func next(after ending: CometChatRealtimeEnding, authenticated: Bool) -> Decision {
        if authenticated {
            everAuthenticated = true
            attempt = 0
        }
        var freshLogin = false
        switch ending {
        case .cancelled:
            return .stop("the connector closed the CometChat realtime connection")
        case .closed(let code, _) where code == Self.logoutCode:
            return .stop(Self.describe(ending) + "; CometChat logged the user out, so Parley does not reconnect")
        case .failed(let why) where authenticated:
            return .stop(why)
        case .refused:
            freshLogin = true
        case .closed, .dropped, .unresponsive, .failed:
            break
        }
        // The first socket never authenticated: the address, the app or the JWT is wrong, and
        // trying again will not change that.
        guard everAuthenticated else { return .stop(Self.describe(ending)) }
        attempt += 1
        guard attempt <= timing.maxReconnects else {
            return .stop("gave up reconnecting to CometChat after \(timing.maxReconnects) attempts (last: \(Self.describe(ending)))")
        }
        return .retry(attempt: attempt, delay: timing.reconnectDelay, freshLogin: freshLogin)
    }

    /// An ending as a sentence.
    public static func describe(_ ending: CometChatRealtimeEnding) -> String {
        switch ending {
        case .closed(let code, let reason):
            "the CometChat realtime connection closed with \(code)" + (reason.isEmpty ? "" : " \"\(reason)\"")
        case .dropped: "the CometChat realtime connection dropped with no close frame (1006)"
        case .unresponsive(let why), .refused(let why), .failed(let why): why
        case .cancelled: "the connector closed the CometChat realtime connection"
        }
    }
}
