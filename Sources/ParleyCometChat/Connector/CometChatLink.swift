import ParleyCore
import ParleyModel

/// A session's realtime link: the login, one socket at a time, reconnecting by
/// ``CometChatReconnect``, and after each reconnect the messages the socket missed, fetched over
/// REST. What it learns goes to the session through the hooks.
struct CometChatLink: Sendable {
    let settings: CometChatSettings
    let rest: CometChatRestClient
    let realtime: any CometChatRealtime
    let clock: any MonotonicClock
    let signIn: CometChatSignIn
    let hooks: Hooks

    /// Where the link reports to.
    struct Hooks: Sendable {
        /// Events to report (`connection` states).
        var post: @Sendable ([AgentEvent]) -> Void
        /// A socket is authenticated (and after a reconnect, the missed messages are in): messages may go.
        var ready: @Sendable () -> Void
        /// The socket was lost: messages wait for the next one (their runs stream only to open sockets).
        var down: @Sendable () -> Void
        /// A frame from the socket (or a missed message, as a `message` frame's text).
        var deliver: @Sendable (CometChatInbound) -> Void
        /// The last message id the conversation knows, for the missed-message fetch.
        var lastMessageID: @Sendable () -> Int?
        /// The missed messages were fed through `deliver`.
        var recovered: @Sendable () -> Void
        /// The link failed for good while a socket runs (the missed messages could not be fetched).
        var fail: @Sendable (String) -> Void
        /// Whether the session is over (no reconnect then).
        var isFinished: @Sendable () -> Bool
    }

    /// Messages per page of the missed-message fetch, and the most pages read.
    static let pageSize = 100
    static let maximumPages = 20

    /// Runs until the session ends (nil) or the link fails for good (the reason).
    func run() async -> String? {
        hooks.post([.connection(.connecting)])
        var login: (authToken: String, credentials: CometChatCredentials)
        do {
            login = try await signIn.login()
        } catch {
            return error.message
        }
        var policy = CometChatReconnect(timing: settings.link)
        while true {
            let reopening = policy.everAuthenticated
            let authenticated = Flag()
            let ending = await realtime.run(
                socketLogin(login.authToken, login.credentials),
                opened: { [hooks] in
                    authenticated.set()
                    hooks.post([.connection(.open)])
                    if reopening, let why = await recover() { return hooks.fail(why) }
                    hooks.ready()
                },
                deliver: { [hooks] inbound in hooks.deliver(inbound) })
            if hooks.isFinished() || Task.isCancelled || ending == .cancelled { return nil }
            switch policy.next(after: ending, authenticated: authenticated.value) {
            case .stop(let reason):
                return reason
            case .retry(let attempt, let delay, let freshLogin):
                hooks.down()
                hooks.post([.connection(.failed(reason: CometChatReconnect.describe(ending))), .connection(.reconnecting(attempt: attempt))])
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return nil
                }
                if hooks.isFinished() { return nil }
                if freshLogin {
                    do {
                        login = try await signIn.login()
                    } catch {
                        return error.message
                    }
                }
            }
        }
    }

    /// What the transport gets for one socket.
    private func socketLogin(_ authToken: String, _ credentials: CometChatCredentials) -> CometChatLogin {
        CometChatLogin(
            url: credentials.socketURL, appID: settings.appID, user: settings.user, authToken: authToken, jwt: credentials.jwt,
            deviceID: signIn.deviceID, authFrame: CometChatAuthFrame.text(appID: settings.appID, jwt: credentials.jwt, deviceID: signIn.deviceID),
            timeout: settings.timeout, timing: settings.link)
    }

    /// The messages after the last one known, fetched page by page and delivered as `message`
    /// frames (the conversation drops those it has); nil when done, else why the fetch failed.
    /// The socket's own frames wait meanwhile (its reader is here), so order is kept.
    private func recover() async -> String? {
        guard var after = hooks.lastMessageID() else {
            hooks.recovered()
            return nil
        }
        for _ in 0..<Self.maximumPages {
            let page: [JSONValue]
            do {
                page = try await rest.messages(after: after, limit: Self.pageSize)
            } catch {
                return "after reconnecting, the missed messages could not be fetched: \(error.message)"
            }
            for message in page {
                hooks.deliver(.text(JSONValue.object([JSONMember("type", "message"), JSONMember("body", message)]).serialized()))
            }
            let ids = page.compactMap { $0.integerMember("id") }
            guard page.count == Self.pageSize, let last = ids.max(), last > after else { break }
            after = last
        }
        hooks.recovered()
        return nil
    }
}
