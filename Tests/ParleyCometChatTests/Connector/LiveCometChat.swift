import Foundation
import Logging
import ParleyCometChat
import ParleyCore
import ParleyHTTP
import ParleyModel
import ParleyServer
import ParleySimulator

/// A real `CometChatServer` on 127.0.0.1 (port 0) playing an inline script, and the connector
/// pointed at it: the tests drive a session and read what reached the server.
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
          - id: bad-card
            when: { text: '(?i)card' }
            play:
              - run_started
              - card: { id: broken, payload: { version: "2.0", body: [], fallbackText: Broken } }
              - reply: Here is a card.
              - run_finished
        """#

    static let user = "cometchat-uid-1"

    /// Runs `body` with a server and a connector for it; `change` edits the connector's settings.
    static func with<Value: Sendable>(
        _ change: @Sendable (inout CometChatSettings) -> Void = { _ in },
        _ body: @Sendable (CometChatServer, any AgentSession) async throws -> Value
    ) async throws -> Value {
        let script = try AgentScriptParser.parse(text: Self.script, path: "shop.agent.yaml").get()
        let server = CometChatServer(script: script, options: CometChatServerOptions(apiKey: "key-1", agentUID: "shop-bot"))
        return try await server.withListening { url in
            var settings = CometChatSettings(
                appID: "parley-app", apiKey: "key-1", user: Self.user, peer: .agent(uid: "shop-bot"),
                restURL: CometChatServer.restURL(for: url).absoluteString,
                websocketURL: CometChatServer.webSocketURL(for: url).absoluteString)
            // Generous: under a loaded machine (the whole suite on two cores) a socket can take seconds.
            settings.timeout = .seconds(30)
            change(&settings)
            return try await RunHTTPClient.with { httpClient in
                let connector = CometChatConnector(
                    settings: settings, httpClient: httpClient, users: CometChatUsers(), logger: Logger(label: "parley.test.cometchat"))
                let session = try await connector.openSession(SessionRequest(sessionID: "s1", flowName: "live", clock: SystemClock()))
                do {
                    let value = try await body(server, session)
                    await session.close()
                    await connector.shutdown()
                    return value
                } catch {
                    await session.close()
                    await connector.shutdown()
                    throw error
                }
            }
        }
    }
}

extension AgentSession {
    /// Events until one matches `stop` (included), or 30 s pass.
    func events(until stop: (AgentEvent) -> Bool) async throws -> [AgentEvent] {
        let clock = SystemClock()
        let deadline = clock.now + .seconds(30)
        var seen: [AgentEvent] = []
        while let event = try await next(before: deadline) {
            seen.append(event)
            if stop(event) { return seen }
        }
        return seen
    }

    /// The reason the session failed, read from `next`, or nil if it did not within 30 s.
    func failure() async -> String? {
        let clock = SystemClock()
        let deadline = clock.now + .seconds(30)
        do {
            while try await next(before: deadline) != nil {}
            return nil
        } catch {
            return "\(error)"
        }
    }
}
