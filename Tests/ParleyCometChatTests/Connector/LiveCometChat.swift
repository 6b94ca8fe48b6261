import Foundation
import Logging
import ParleyCometChat
import ParleyCore
import ParleyHTTP
import ParleyModel
import ParleyServer
import ParleySimulator
import ParleyTesting

/// A real `CometChatServer` on 127.0.0.1 (port 0) playing an inline script, and the connector
/// pointed at it, both on one ``TestClock``: the tests drive a session, move the clock when the
/// link must wait, and read what reached the server.
struct LiveCometChat {
    static let script = #"""
        agent: { id: shop, name: Shop Bot }
        timing: { think: 20ms, chunks: 2, chunk_delay: 10ms }
        rules:
          - id: contact
            when: { text: '(?i)contact' }
            play:
              - run_started
              - reply: Fill this in, please.
              - interactive:
                  id: contact_form
                  kind: form
                  data:
                    title: Contact Form
                    formFields:
                      - { elementId: name_field, elementType: textInput, label: Name, optional: false }
                      - elementId: country_dropdown
                        elementType: dropdown
                        label: Country
                        options: [{ label: UK, value: uk }, { label: USA, value: usa }]
                    submitElement: { elementId: submit_btn, elementType: button, buttonText: Submit }
                  goal: { interactionType: anyOf, elementIds: [submit_btn] }
              - run_finished
          - id: submitted
            when: { submit: contact_form }
            play:
              - goal_completed: contact_form
              - run_started
              - reply: "Thanks, ${values.name_field} from ${values.country_dropdown}."
              - run_finished
          - id: garbage
            when: { text: '(?i)garbage' }
            play:
              - run_started
              - fault: malformed_frame
              - reply: never read
              - run_finished
          - id: drop
            when: { text: '(?i)drop' }
            play:
              - run_started
              - fault: drop_connection
              - reply: never read
              - run_finished
          - id: outage
            when: { text: '(?i)outage' }
            play:
              - run_started
              - reply: Going down.
              - fault: { outage: 1s }
              - pause: 300ms
              - reply: Back later.
              - run_finished
          - id: logout
            when: { text: '(?i)logout' }
            play:
              - run_started
              - fault: { close: { code: 1002, reason: USER_LOGGED_OUT } }
              - reply: never read
              - run_finished
          - id: bad-card
            when: { text: '(?i)card' }
            play:
              - run_started
              - card: { id: broken, payload: { version: "2.0", body: [], fallbackText: Broken } }
              - reply: Here is a card.
              - run_finished
        """#

    static let user = "cometchat-uid-1"

    /// The script the server plays: no think or chunk time, so only the plays' pauses and faults
    /// and the link's timers wait on the clock; an outage of 12 s, so that with the SDK's 5 s
    /// between reconnects two attempts fail before the third gets through.
    static let virtualScript = script.replacingOccurrences(of: "timing: { think: 20ms, chunks: 2, chunk_delay: 10ms }\n", with: "")
        .replacingOccurrences(of: "fault: { outage: 1s }", with: "fault: { outage: 12s }")

    /// Far past any timer a test sets: the deadline of every read of the session's events.
    static let never = Duration.seconds(1_000_000)

    /// Runs `body` with a server and a connector for it; `change` edits the connector's settings
    /// (given the server's base URL), `server` the server's options. The connector has only the
    /// REST base: the login through `/v3.0/me` names the socket. The server and the session run on
    /// `clock`, a ``TestClock`` only the test moves, and the link has the SDK's timing: a test whose
    /// link waits (a missed pong, a reconnect) moves the clock, and none reads real time, so a
    /// loaded machine slows them down and changes nothing else.
    static func with<Value: Sendable>(
        server options: CometChatServerOptions = CometChatServerOptions(),
        realtime: (@Sendable (any MonotonicClock) -> any CometChatRealtime)? = nil,
        clock: TestClock = TestClock(),
        _ change: @Sendable (inout CometChatSettings, URL) -> Void = { _, _ in },
        _ body: @Sendable (CometChatServer, any AgentSession) async throws -> Value
    ) async throws -> Value {
        let script = try AgentScriptParser.parse(text: Self.virtualScript, path: "shop.agent.yaml").get()
        var options = options
        options.apiKey = "key-1"
        options.agentUID = "shop-bot"
        let server = CometChatServer(script: script, clock: clock, options: options)
        return try await server.withListening { url in
            var settings = CometChatSettings(
                appID: "parley-app", apiKey: "key-1", user: Self.user, peer: .agent(uid: "shop-bot"),
                restURL: CometChatServer.restURL(for: url).absoluteString, websocketURL: nil)
            settings.link = CometChatLinkTiming()
            change(&settings, url)
            return try await RunHTTPClient.with { httpClient in
                let connector = CometChatConnector(
                    settings: settings, httpClient: httpClient, users: CometChatUsers(), logger: Logger(label: "parley.test.cometchat"),
                    realtime: realtime)
                do {
                    let value = try await connector.withSession(SessionRequest(sessionID: "s1", flowName: "live", clock: clock)) {
                        try await body(server, $0)
                    }
                    await connector.shutdown()
                    return value
                } catch {
                    await connector.shutdown()
                    throw error
                }
            }
        }
    }
}

extension AgentSession {
    /// Events until one matches `stop` (included), or the session closes. The clock stands still
    /// meanwhile: what comes must come without it.
    func events(until stop: (AgentEvent) -> Bool) async throws -> [AgentEvent] {
        var seen: [AgentEvent] = []
        while let event = try await next(before: LiveCometChat.never) {
            seen.append(event)
            if stop(event) { return seen }
        }
        return seen
    }

    /// Every event until the session fails (with the reason) or closes (reason nil).
    func eventsUntilFailure() async -> (events: [AgentEvent], failure: String?) {
        var seen: [AgentEvent] = []
        do {
            while let event = try await next(before: LiveCometChat.never) { seen.append(event) }
            return (seen, nil)
        } catch {
            return (seen, "\(error)")
        }
    }

    /// The reason the session failed, read from `next`; nil if it closed instead.
    func failure() async -> String? {
        await eventsUntilFailure().failure
    }

    /// Events until the link is open again after it went down, moving `clock` through each
    /// retry's wait once the link has said it reconnects (and so has set it); `down` when the
    /// caller has already read a `reconnecting` and moved the clock through its wait.
    func reopen(_ clock: TestClock, down alreadyDown: Bool = false, delay: Duration = CometChatLinkTiming().reconnectDelay) async throws
        -> [AgentEvent]
    {
        var seen: [AgentEvent] = []
        var down = alreadyDown
        while let event = try await next(before: LiveCometChat.never) {
            seen.append(event)
            switch event {
            case .connection(.reconnecting):
                down = true
                await clock.advance(toSleeperAt: clock.now + delay)
            case .connection(.open) where down:
                return seen
            default:
                break
            }
        }
        return seen
    }
}
