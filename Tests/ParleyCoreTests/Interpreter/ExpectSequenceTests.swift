import ParleyCore
import ParleyModel
import Testing

/// `expect_sequence` checks order: each pattern must match an event after the previous one's.
@Suite("interpreter: expect_sequence")
struct ExpectSequenceTests {
    static let flow = """
        flow: Order lookup in order
        steps:
          - send: Where is A-1042?
          - expect_sequence:
              within: 3s
              events:
                - run_started
                - tool_call: lookup_order
                - reply: { contains: shipped }
        """

    @Test("passes when the last pattern matches in order, other events between allowed")
    func inOrder() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        #expect(machine.performed(at: .zero).command == .awaitEvent(until: .seconds(3)))
        _ = machine.receive([Events.runStarted, .typing(who: .agent, isTyping: true)], at: .ms(100))
        _ = machine.receive(Events.toolCall("lookup_order", id: "c1"), at: .ms(400))
        #expect(machine.receive(Events.reply("It has shipped"), at: .ms(900)).command == .finish(.passed))
        #expect(machine.outcomes.last == "expect_sequence of 3 events: passed")
    }

    @Test("events in the wrong order leave it waiting, then fail at the timeout naming the missing step")
    func wrongOrder() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(100))
        _ = machine.receive(Events.reply("It has shipped"), at: .ms(200))
        #expect(machine.receive(Events.toolCall("lookup_order", id: "c1"), at: .ms(300)).command == .awaitEvent(until: .seconds(3)))
        let output = machine.deadline(at: .seconds(3))
        let message = #"expected sequence step 3 of 3, reply containing "shipped" after tool_call "lookup_order" within 3s; got reply "It has shipped" at 200ms, before tool_call "lookup_order""#
        #expect(output.failure == StepFailure(message: message, cause: .timeout, location: FlowText.at(4), waited: .seconds(3)))
    }

    @Test("a missing step is named with what arrived after the step before it")
    func missingStep() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.runStarted, Events.reply("It has shipped"), Events.turnEnded], at: .ms(100))
        let output = machine.deadline(at: .seconds(3))
        #expect(
            output.failure?.rendered
                == #"t.flow.yaml:4:5: expected sequence step 2 of 3, tool_call "lookup_order" after run_started within 3s; got no tool_call; got reply, turn_ended"#
        )
    }
}
