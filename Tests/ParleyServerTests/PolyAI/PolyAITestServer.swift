import Foundation
import ParleyCore
import ParleyServer
import ParleySimulator
import ParleyTesting

/// The agent script the PolyAI tests play, and a real server per test on 127.0.0.1, port 0.
enum PolyAITestServer {
    /// One rule per thing the wire has to carry. A play that a test on a `TestClock` follows while
    /// no socket listens ends with a reply a minute on (`Much later.`): the play parks there only
    /// once the reply before it is played, so the test knows it is in the history.
    static let script = #"""
        agent: { id: poly, name: Poly Bot }
        greeting:
          text: Hello there, how can I help?
          chunks: 3
          suggestions: [Track an order, Talk to a person]
        rules:
          - id: tapped
            when: { tap: Track an order }
            play: [run_started, reply: "You tapped tracking.", run_finished]
          - id: typed
            when: { text: '(?i)track' }
            play: [run_started, reply: "You typed tracking.", run_finished]
          - id: rich
            when: { text: '^rich$' }
            play:
              - run_started
              - reply:
                  text: Here are our stores.
                  chunks: 2
                  attachments:
                    - { title: Flagship, url: "https://example.com/flagship.jpg", content_type: image }
                    - { title: Locations, url: "https://example.com/stores", content_type: url, call_to_action_text: View }
                  suggestions: [Yes, No]
              - run_finished
          - id: call
            when: { text: '^call$' }
            play:
              - reply: { text: Call us any time., chunks: 2, call_actions: [{ title: Call support, contact_number: "+15551234567" }] }
          - id: slow
            when: { text: '^slow$' }
            play:
              - reply: First part.
              - pause: 700ms
              - reply: Second part.
              - pause: 300ms
              - reply: Third part.
          - id: human
            when: { text: '^human$' }
            play:
              - reply: Connecting you.
              - handoff: { stage: started }
              - handoff: { stage: accepted, queue: support }
              - handoff: { stage: queued, queue: support, queue_position: 2, wait: 90s }
              - handoff: { stage: live_agent_joined, agent: Sam }
              - typing: { who: live, state: started }
              - typing: { who: live, state: stopped }
              - reply: { from: live, agent: Sam, text: "Hi, I'm Sam" }
              - handoff: { stage: live_agent_left, agent: Sam, reason: resolved }
          - id: other-handoffs
            when: { text: '^handoff failures$' }
            play:
              - handoff: { stage: failed, reason: no_agents }
              - handoff: { stage: timed_out, reason: waited too long }
              - handoff: { stage: client_handoff_required, route: "https://example.com/chat", reason: COMPLEX_QUERY, queue: support }
              - system: { text: Heads up, level: warning }
          - id: refuse
            when: { text: '^refuse$' }
            play: [run_error: { message: "Something went wrong", code: oops }]
          - id: bye
            when: { text: '^bye$' }
            play: [reply: Bye., session_ended]
          - id: drop
            when: { text: '^drop$' }
            play:
              - reply: Before the drop.
              - fault: drop_connection
              - pause: 300ms
              - reply: After the drop.
          - id: close-4001
            when: { text: '^close 4001$' }
            play: [reply: Closing., fault: { close: { code: 4001, reason: session unknown } }, pause: 200ms, reply: Kept for later., pause: 1m, reply: Much later.]
          - id: close-1011
            when: { text: '^close 1011$' }
            play: [fault: { close: 1011 }]
          - id: close-1000
            when: { text: '^close 1000$' }
            play: [fault: { close: 1000 }]
          - id: binary
            when: { text: '^binary$' }
            play: [fault: binary_frame, reply: After binary.]
          - id: malformed
            when: { text: '^malformed$' }
            play: [fault: malformed_frame, reply: After garbage.]
          - id: duplicate
            when: { text: '^duplicate$' }
            play: [fault: duplicate_next, reply: Twice.]
          - id: reorder
            when: { text: '^reorder$' }
            play: [fault: reorder_next, reply: One., reply: Two.]
          - id: late-echo
            when: { text: '^late$' }
            play: [fault: { delay_echo: 3s }, reply: Answered once.]
          - id: outage
            when: { text: '^outage$' }
            play: [reply: Going down., fault: { outage: 30s }, pause: 200ms, reply: Back later., pause: 1m, reply: Much later.]
          - id: silence
            when: { text: '^silence$' }
            play: []
          - id: end
            when: { end: true }
            play: [reply: Goodbye!, session_ended]
        fallback:
          play: [reply: "Sorry?"]
        """#

    /// The script, parsed; a test fails at once when it does not parse.
    static func parsed() throws -> AgentScript {
        try AgentScriptParser.parse(text: script, path: "poly.agent.yaml").get()
    }

    /// Runs `body` against a server playing the test script on `clock` (real time by default: the
    /// timings are short); the server is shut down when `body` returns or throws.
    static func with<Value: Sendable>(
        options: PolyAIServerOptions = PolyAIServerOptions(), clock: any MonotonicClock = SystemClock(),
        _ body: @Sendable (PolyAIHTTP, URL) async throws -> Value
    ) async throws -> Value {
        let server = PolyAIServer(script: try parsed(), clock: clock, options: options)
        return try await server.withListening { url in try await body(PolyAIHTTP(base: url), url) }
    }

    /// The socket URL for a session.
    static func socket(_ base: URL, token: String, session: String, cursor: String? = nil) -> String {
        let more = cursor.map { "&cursor=\($0)" } ?? ""
        return PolyAIServer.webSocketURL(for: base).absoluteString + "?access_token=\(token)&session_id=\(session)\(more)"
    }
}
