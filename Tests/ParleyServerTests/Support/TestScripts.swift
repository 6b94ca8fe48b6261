import Foundation
import ParleyCore
import ParleyServer
import ParleySimulator
import ParleyTesting
import Testing

/// The agent scripts the server tests play, and a server per test on 127.0.0.1, port 0.
enum TestScripts {
    /// One rule per thing the wire has to carry.
    static let shop = #"""
        agent: { id: shop, name: Shop Bot }
        tools:
          lookup_order: { side: backend }
          confirm_refund: { side: frontend }
          issue_refund: { side: backend }
        greeting:
          text: Hello there!
          chunks: 2
          suggestions: [Track an order]
        rules:
          - id: order
            when: { text: '^order ([A-Z]-\d+)$' }
            play:
              - run_started
              - tool_call: { id: call_lookup, name: lookup_order, args: { order_id: "${1}" }, result: { status: shipped } }
              - reply: { text: "Order ${1} has shipped.", chunks: 2 }
              - run_finished
          - id: refund
            when: { text: '^refund$' }
            play:
              - run_started
              - tool_call: { id: call_confirm, name: confirm_refund, args: { amount: 49 } }
              - run_finished
          - id: refund-confirmed
            when: { tool_result: confirm_refund, result: { confirmed: true } }
            play:
              - run_started
              - tool_call: { id: call_issue, name: issue_refund, args: { amount: 49 } }
              - interrupt: { id: approval, reason: tool_call, tool_call_id: call_issue, payload: { amount: 49 } }
              - run_finished: interrupt
          - id: refund-declined
            when: { tool_result: confirm_refund }
            play: [run_started, reply: "No refund then.", run_finished]
          - id: approved
            when: { resume: approve, interrupt: approval }
            play:
              - run_started
              - tool_result: { id: call_issue, content: { status: refunded, note: "${payload.note}" } }
              - reply: Refunded.
              - run_finished
          - id: denied
            when: { resume: deny, interrupt: approval }
            play:
              - run_started
              - tool_result: { id: call_issue, content: { status: denied } }
              - reply: Not refunded.
              - run_finished
          - id: form
            when: { text: '^form$' }
            play:
              - run_started
              - interactive:
                  id: contact
                  kind: form
                  data:
                    title: Contact
                    formFields:
                      - { elementId: name, elementType: textInput, label: Name, optional: false }
                    submitElement: { elementId: send, elementType: button, buttonText: Send }
              - run_finished
          - id: form-submitted
            when: { submit: contact }
            play:
              - goal_completed: contact
              - run_started
              - reply: "Thanks, ${values.name}."
              - run_finished
          - id: human
            when: { text: '^human$' }
            play:
              - run_started
              - reply: Connecting you.
              - run_finished
              - handoff: { stage: queued, queue: Support, queue_position: 2, wait: 30s }
              - pause: 50ms
              - handoff: { stage: live_agent_joined, queue: Support, agent: Maya }
              - reply: { from: live, agent: Maya, text: "Hi, Maya here.", suggestions: [Thanks] }
          - id: live-only
            when: { text: '^psst$' }
            play:
              - reply: { from: live, agent: Maya, text: Psst. }
          - id: end
            when: { text: '^bye$' }
            play: [run_started, reply: Bye., run_finished, session_ended]
          - id: duplicate
            when: { text: '^duplicate$' }
            play: [run_started, fault: duplicate_next, reply: Twice, run_finished]
          - id: reorder
            when: { text: '^reorder$' }
            play: [run_started, fault: reorder_next, reply: Swapped, run_finished]
          - id: malformed
            when: { text: '^malformed$' }
            play: [run_started, fault: malformed_frame, reply: Garbled, run_finished]
          - id: drop
            when: { text: '^drop$' }
            play:
              - run_started
              - reply: { text: "This never arrives in full.", chunks: 4, cut_after: 2 }
              - fault: drop_connection
          - id: slow
            when: { text: '^slow$' }
            play:
              - run_started
              - reply: Wait for it.
              # Long, so a loaded machine's late reads cannot make another thread's run look held up.
              - pause: 3s
              - reply: There.
              - run_finished
          - id: silent
            when: { text: '^silence$' }
            play: []
        fallback:
          play: [run_started, reply: "Sorry?", run_finished]
        """#

    /// The shop script, parsed; a test fails at once when it does not parse.
    static func parsed(_ text: String = shop) throws -> AgentScript {
        try AgentScriptParser.parse(text: text, path: "shop.agent.yaml").get()
    }

    /// Runs `body` against a server playing `script` on `clock` (a `ManualClock` by default, so
    /// plays stream at once); the server is shut down when `body` returns or throws.
    static func withServer<Value: Sendable>(
        script: String = shop, clock: any MonotonicClock = ManualClock(), threadRetention: ConversationRetention = ConversationRetention(),
        _ body: @Sendable (AGUITestClient) async throws -> Value
    ) async throws -> Value {
        let server = AGUIServer(script: try parsed(script), clock: clock, threadRetention: threadRetention)
        return try await server.withListening { url in try await body(AGUITestClient(url: url)) }
    }
}
