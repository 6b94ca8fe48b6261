import Foundation
import Logging
import ParleyCometChat
import ParleyCore
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// The login, the socket's address and the link's keep-alive and reconnection, against a real
/// server on 127.0.0.1 that follows the SDK (`/v3.0/me`, `/v3.0/settings`, the socket at `/`).
@Suite("cometchat connector link", .timeLimit(.minutes(1)))
struct CometChatLinkTests {
    static func replies(_ events: [AgentEvent]) -> [String] {
        events.compactMap { if case .reply(let reply) = $0 { reply.text } else { nil } }
    }

    static func connections(_ events: [AgentEvent]) -> [ConnectionState] {
        events.compactMap { if case .connection(let state) = $0 { state } else { nil } }
    }

    @Test("with only rest_url, /v3.0/me gives the JWT and the settings; the socket is ws://host:port with no path; the auth reply's string code is taken")
    func derivedSocket() async throws {
        let recorder = LoginRecorder()
        let (events, requests) = try await LiveCometChat.with(realtime: recorder.transport) { server, session in
            try await session.perform(.send(text: "Please contact me"))
            let events = try await session.events { $0 == .turnEnded }
            return (events, await server.requestLog.requests())
        }
        #expect(events.contains { if case .interactive(let message) = $0 { message.id == "contact_form" } else { false } })
        let login = try #require(recorder.logins.first)
        #expect(login.url.hasPrefix("ws://127.0.0.1:") && !login.url.dropFirst("ws://".count).contains("/"), "\(login.url)")
        #expect(login.jwt != login.authToken && !login.jwt.isEmpty)
        let frame = try JSONValue(parsing: login.authFrame)
        #expect(frame["type"] == "auth" && frame["appId"] == "parley-app" && frame["deviceId"] == "parley-s1")
        #expect(frame["body"]?["auth"] == .string(login.jwt))
        #expect(frame["body"]?["params"]?["deviceId"] == "parley-s1")
        #expect(frame["body"]?["params"]?["appInfo"]?["resource"] == "parley-s1")
        #expect(requests.map(\.path).prefix(2) == ["/v3/users/cometchat-uid-1/auth_tokens", "/v3.0/me"])
    }

    @Test("without settings in the /me answer, GET /v3.0/settings names the socket")
    func settingsFetched() async throws {
        let requests = try await LiveCometChat.with(server: CometChatServerOptions(settingsInMe: false)) { server, session in
            try await session.perform(.send(text: "Please contact me"))
            _ = try await session.events { $0 == .turnEnded }
            return await server.requestLog.requests()
        }
        let settings = try #require(requests.first { $0.path == "/v3.0/settings" })
        #expect(settings.method == "GET" && settings.headers["appid"] == "parley-app" && settings.headers["authtoken"]?.isEmpty == false)
    }

    @Test("websocket_url overrides the address the settings give; /me still gives the JWT")
    func override() async throws {
        let recorder = LoginRecorder()
        let requests = try await LiveCometChat.with(server: CometChatServerOptions(settingsInMe: false), realtime: recorder.transport) { settings, url in
            settings.websocketURL = CometChatServer.webSocketURL(for: url).absoluteString + "/"
        } _: { server, session in
            try await session.perform(.send(text: "Please contact me"))
            _ = try await session.events { $0 == .turnEnded }
            return await server.requestLog.requests()
        }
        #expect(recorder.logins.first?.url.hasSuffix("/") == true)
        #expect(requests.contains { $0.path == "/v3.0/me" })
        #expect(!requests.contains { $0.path == "/v3.0/settings" }, "the override needs no settings")
    }

    @Test("a client API that refuses /me fails the flow naming the step, without the token")
    func refusedMe() async throws {
        let (failure, requests) = try await LiveCometChat.with({ settings, _ in settings.appID = "other-app" }) { server, session in
            (await session.failure(), await server.requestLog.requests())
        }
        let message = try #require(failure)
        #expect(message.contains("CometChat refused PUT /v3.0/me: 401 ERR_APP_NOT_FOUND"), "\(message)")
        let token = try #require(requests.first { $0.path == "/v3.0/me" }?.headers["authtoken"])
        #expect(!message.contains(token))
    }

    @Test("a ping left unanswered closes the socket when its 3 s are up; the link reconnects 5 s later with the same JWT and goes on")
    func missedPong() async throws {
        let recorder = LoginRecorder()
        let clock = TestClock()
        let (events, requests) = try await LiveCometChat.with(
            server: CometChatServerOptions(unansweredPings: 1), realtime: recorder.transport, clock: clock
        ) { server, session in
            // The pong window of the ping sent on authenticating.
            await clock.advance(toSleeperAt: .seconds(3))
            let reopened = try await session.reopen(clock)
            #expect(clock.now == .seconds(8))
            try await session.perform(.send(text: "Please contact me"))
            let turn = try await session.events { $0 == .turnEnded }
            return (reopened + turn, await server.requestLog.requests())
        }
        let states = Self.connections(events)
        #expect(states.first == .connecting && states.contains(.reconnecting(attempt: 1)), "\(states)")
        #expect(states.filter { $0 == .open }.count == 2, "\(states)")
        #expect(states.contains { if case .failed(let why) = $0 { why.contains("did not answer a ping within 3s") } else { false } }, "\(states)")
        #expect(events.contains { if case .interactive(let message) = $0 { message.id == "contact_form" } else { false } })
        #expect(requests.filter { $0.path == "/v3.0/me" }.count == 1, "a reconnect re-authenticates with the JWT it has")
        #expect(recorder.logins.count == 2 && Set(recorder.logins.map(\.jwt)).count == 1)
    }

    @Test("a socket down during an outage: reconnected, the replies sent meanwhile fetched over REST once, and the turn ends")
    func outage() async throws {
        let clock = TestClock()
        let (events, requests) = try await LiveCometChat.with(clock: clock) { server, session in
            try await session.perform(.send(text: "outage now"))
            // Retries every 5 s: two fall in the 12 s outage, the third gets through.
            var events = try await session.reopen(clock)
            #expect(clock.now == .seconds(15))
            events += try await session.events { $0 == .turnEnded }
            // The link works afterwards.
            try await session.perform(.send(text: "Please contact me"))
            events += try await session.events { $0 == .turnEnded }
            return (events, await server.requestLog.requests())
        }
        #expect(Self.replies(events) == ["Going down.", "Back later.", "Fill this in, please."], "\(Self.replies(events))")
        let states = Self.connections(events)
        #expect(states.contains(.reconnecting(attempt: 1)) && states.contains(.reconnecting(attempt: 3)), "\(states)")
        #expect(events.filter { $0 == .turnEnded }.count == 2)
        let fetch = try #require(requests.first { $0.method == "GET" && $0.path == "/v3/users/shop-bot/messages" })
        #expect(fetch.headers["onbehalfof"] == LiveCometChat.user && fetch.headers["apikey"] == "key-1")
    }

    @Test("a message sent while the link reconnects waits for the socket (and the missed messages), so its run is heard")
    func sendWhileReconnecting() async throws {
        let clock = TestClock()
        let (events, requests) = try await LiveCometChat.with(clock: clock) { server, session in
            try await session.perform(.send(text: "outage now"))
            var events = try await session.events { if case .connection(.reconnecting) = $0 { true } else { false } }
            // The send waits for the socket while the test moves the clock through the retries.
            async let sent: Void = session.perform(.send(text: "Please contact me"))
            await clock.advance(toSleeperAt: clock.now + CometChatLinkTiming().reconnectDelay)
            events += try await session.reopen(clock, down: true)
            try await sent
            events += try await session.events { if case .interactive = $0 { true } else { false } }
            return (events, await server.requestLog.requests())
        }
        #expect(events.contains { if case .interactive(let message) = $0 { message.id == "contact_form" } else { false } })
        let paths = requests.map { "\($0.method) \($0.path)" }
        let fetched = try #require(paths.firstIndex(of: "GET /v3/users/shop-bot/messages"), "\(paths)")
        let sent = try #require(paths.lastIndex(of: "POST /v3/messages"), "\(paths)")
        #expect(fetched < sent, "\(paths)")
    }

    @Test("in a group, the missed replies come from the group's message list")
    func groupOutage() async throws {
        let clock = TestClock()
        let (events, requests) = try await LiveCometChat.with(clock: clock, { settings, _ in settings.peer = .group(guid: "team") }) {
            server, session in
            try await session.perform(.send(text: "outage now"))
            var events = try await session.reopen(clock)
            events += try await session.events { $0 == .turnEnded }
            return (events, await server.requestLog.requests())
        }
        #expect(Self.replies(events) == ["Going down.", "Back later."], "\(Self.replies(events))")
        #expect(requests.contains { $0.method == "GET" && $0.path == "/v3/groups/team/messages" })
    }

    @Test("a dropped socket is reconnected 5 s later and the reply it missed arrives over REST")
    func dropped() async throws {
        let clock = TestClock()
        let events = try await LiveCometChat.with(clock: clock) { _, session in
            try await session.perform(.send(text: "drop it"))
            return try await session.reopen(clock) + session.events { if case .reply(let reply) = $0 { reply.text == "never read" } else { false } }
        }
        #expect(clock.now == .seconds(5))
        #expect(Self.replies(events).filter { $0 == "never read" }.count == 1)
        #expect(Self.connections(events).contains(.reconnecting(attempt: 1)))
    }

    @Test("a close with the logout code (1002) is not reconnected: the flow fails saying so")
    func logout() async throws {
        let (events, failure) = try await LiveCometChat.with { _, session in
            try await session.perform(.send(text: "logout please"))
            return await session.eventsUntilFailure()
        }
        let message = try #require(failure)
        #expect(message.contains("closed with 1002 \"USER_LOGGED_OUT\"") && message.contains("logged the user out"), "\(message)")
        #expect(!Self.connections(events).contains { if case .reconnecting = $0 { true } else { false } })
    }

    @Test("the JWT and the auth token appear in no event and no failure, also when the socket is refused")
    func secrets() async throws {
        let recorder = LoginRecorder()
        let outcome = try await LiveCometChat.with(realtime: recorder.transport) { settings, url in
            settings.websocketURL = CometChatServer.webSocketURL(for: url).absoluteString + "/nowhere"
        } _: { _, session in
            do {
                try await session.perform(.send(text: "hello"))
            } catch {
                return (events: [AgentEvent](), failure: Optional("\(error)"))
            }
            return await session.eventsUntilFailure()
        }
        let login = try #require(recorder.logins.first)
        let text = outcome.0.map { "\($0)" }.joined(separator: "\n") + (outcome.1 ?? "")
        #expect(!text.contains(login.jwt) && !text.contains(login.authToken))
        #expect(outcome.1 != nil)
    }
}

/// Wraps the WebSocket transport and keeps each login it is given (the JWT, the URL, the auth frame).
final class LoginRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [CometChatLogin] = []

    var logins: [CometChatLogin] { lock.withLock { kept } }

    func keep(_ login: CometChatLogin) { lock.withLock { kept.append(login) } }

    var transport: @Sendable (any MonotonicClock) -> any CometChatRealtime {
        { clock in Recording(inner: CometChatWebSocket(clock: clock, logger: .init(label: "parley.test.cometchat")), recorder: self) }
    }

    struct Recording: CometChatRealtime {
        let inner: CometChatWebSocket
        let recorder: LoginRecorder

        func run(
            _ login: CometChatLogin, opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (CometChatInbound) async -> Void
        ) async -> CometChatRealtimeEnding {
            recorder.keep(login)
            return await inner.run(login, opened: opened, deliver: deliver)
        }
    }
}
