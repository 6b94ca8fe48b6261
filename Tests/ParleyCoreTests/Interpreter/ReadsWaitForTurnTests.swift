import ParleyCore
import ParleyModel
import Testing

/// `capture` and `received` read the current turn only, and wait for it like `expect` does.
@Suite("interpreter: reads wait for the current turn")
struct ReadsWaitForTurnTests {
    static let greeting = FlowInterpreter.Settings(agentSpeaksFirst: true)

    @Test("send then capture from reply captures the answer, not the greeting")
    func captureWaitsForAnswer() throws {
        var machine = try Machine(
            """
            flow: Capture the answer
            steps:
              - send: where is my order?
              - capture: { answer: reply }
              - log: "${answer}"
            """, settings: Self.greeting)
        _ = machine.start()
        _ = machine.receive(Events.reply("Hello, I am Demo"), at: .ms(100))
        #expect(machine.receive(Events.turnEnded, at: .ms(110)).command == .perform(.send(text: "where is my order?")))
        let waiting = machine.performed(at: .ms(120))
        #expect(waiting.command == .awaitEvent(until: .ms(10_120)))
        #expect(!waiting.notes.contains { if case .log = $0 { true } else { false } })
        let answered = machine.receive(Events.reply("Order A-1 has shipped", id: "m2"), at: .ms(400))
        #expect(answered.notes.contains(.log("Order A-1 has shipped")))
        #expect(answered.command == .finish(.passed))
    }

    @Test("a capture whose event never comes fails once the turn has ended and settled, saying what arrived")
    func captureFailsAfterTurnEnds() throws {
        var machine = try Machine(
            """
            flow: Capture
            steps:
              - send: hi
              - capture: { order: { from: tool_call, json_path: $.args.order_id } }
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive(Events.reply("Hello"), at: .ms(100)).command == .awaitEvent(until: .ms(10_000)))
        // The turn ended at 0.2 s: one settle period (1 s) later the capture gives up.
        #expect(machine.receive(Events.turnEnded, at: .ms(200)).command == .awaitEvent(until: .ms(1_200)))
        #expect(machine.deadline(at: .ms(1_100)).failure == nil)
        #expect(
            machine.deadline(at: .ms(1_200)).failure?.message
                == "capture order: no tool_call arrived in this turn (got reply, turn_ended); the turn ended at 200ms")
    }

    @Test("a capture with within: waits its whole window, even after the turn ended")
    func captureWithinWaitsWindow() throws {
        var machine = try Machine(
            """
            flow: Capture late
            steps:
              - send: hi
              - capture: { agent: { from: handoff, json_path: $.agent, within: 5s } }
              - log: "${agent}"
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.reply("Connecting you"), at: .ms(100))
        #expect(machine.receive(Events.turnEnded, at: .ms(200)).command == .awaitEvent(until: .ms(5_000)))
        let joined = AgentEvent.handoff(Handoff(stage: .liveAgentJoined, agentName: "Sam"))
        #expect(machine.receive(joined, at: .ms(3_000)).notes.contains(.log("Sam")))
    }

    @Test("if received is judged once the agent answers, not before")
    func receivedWaitsForAnswer() throws {
        let flow = """
            flow: Refund offer
            steps:
              - send: my parcel is broken
              - if: { received: { reply: { contains: refund } } }
                then: [{ log: offered }]
                else: [{ log: not offered }]
            """
        var offered = try Machine(flow)
        _ = offered.start()
        let pending = offered.performed(at: .zero)
        #expect(!pending.notes.contains(.log("not offered")))
        #expect(pending.command == .awaitEvent(until: .ms(10_000)))
        let output = offered.receive(Events.reply("We can refund you"), at: .ms(300))
        #expect(output.notes.contains(.log("offered")))
        #expect(output.command == .finish(.passed))

        var declined = try Machine(flow)
        _ = declined.start()
        _ = declined.performed(at: .zero)
        #expect(declined.receive(Events.reply("Sorry to hear that"), at: .ms(300)).command == .awaitEvent(until: .ms(10_000)))
        #expect(declined.receive(Events.turnEnded, at: .ms(400)).command == .awaitEvent(until: .ms(1_400)))
        let output2 = declined.deadline(at: .ms(1_400))
        #expect(output2.notes.contains(.log("not offered")))
        #expect(declined.outcomes.contains("  log \"offered\": skipped"))
    }

    @Test("a received condition the turn never decides fails at the timeout, naming the condition")
    func receivedUndecided() throws {
        var machine = try Machine(
            """
            flow: Busy agent
            timeout: 3s
            steps:
              - send: hi
              - if: { received: handoff }
                then: [{ log: handed }]
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(100))
        let failure = machine.deadline(at: .seconds(3)).failure
        #expect(
            failure?.message
                == #"the condition received handoff could not be decided: the agent's turn had not ended after 3s; the last event was run_started at 100ms"#)
        #expect(failure?.cause == .timeout)
    }

    @Test("a variable condition beside an open received is decided at once when it settles the whole")
    func kleene() throws {
        var machine = try Machine(
            """
            flow: Either
            vars: { tier: gold }
            steps:
              - send: hi
              - if: { any: [{ var: tier, is: gold }, { received: handoff }] }
                then: [{ log: vip }]
            """)
        _ = machine.start()
        #expect(machine.performed(at: .zero).notes.contains(.log("vip")))
    }

    @Test("repeat until reads each round's turn: it goes round again only once the round's turn ended without a match")
    func repeatUntil() throws {
        var machine = try Machine(
            """
            flow: Pages
            steps:
              - repeat:
                  until: { received: { reply: { contains: "That's all" } } }
                  max: 3
                  steps:
                    - send: more
            """)
        // The opening (no greeting) has ended with nothing, so the first round starts after the settle.
        #expect(machine.start().command == .awaitEvent(until: .seconds(1)))
        #expect(machine.deadline(at: .seconds(1)).command == .perform(.send(text: "more")))
        #expect(machine.performed(at: .ms(1_000)).command == .awaitEvent(until: .ms(11_000)))
        _ = machine.receive(Events.reply("page 2 of 3"), at: .ms(1_200))
        #expect(machine.receive(Events.turnEnded, at: .ms(1_300)).command == .awaitEvent(until: .ms(2_300)))
        #expect(machine.deadline(at: .ms(2_300)).command == .perform(.send(text: "more")))
        _ = machine.performed(at: .ms(2_300))
        let done = machine.receive(Events.reply("page 3 of 3. That's all"), at: .ms(2_500))
        #expect(done.command == .finish(.passed))
        #expect(machine.outcomes.last == "repeat until (at most 3 times): passed")
    }
}
