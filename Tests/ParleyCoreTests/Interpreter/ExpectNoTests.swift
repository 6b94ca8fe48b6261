import ParleyCore
import ParleyModel
import Testing

/// `expect_no` fails as soon as a match is in the turn, and passes when the turn ends or after its `for:` window.
@Suite("interpreter: expect_no")
struct ExpectNoTests {
    static let flow = """
        flow: No errors
        steps:
          - send: hello
          - expect_no: { run_error: {} }
          - send: bye
        """

    @Test("passes once the turn has ended and settled with no match, and the next step goes on at once")
    func passesAtTurnEnd() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        #expect(machine.performed(at: .zero).command == .awaitEvent(until: .seconds(10)))
        _ = machine.receive([Events.runStarted, Events.reply("Hi"), Events.runFinished], at: .ms(500))
        #expect(machine.outcomes == [#"send "hello": passed"#])
        #expect(machine.receive(Events.turnEnded, at: .ms(600)).command == .awaitEvent(until: .ms(1_600)))
        let output = machine.deadline(at: .ms(1_600))
        #expect(output.command == .perform(.send(text: "bye")))
        #expect(output.finished == ["expect_no run_error: passed"])
    }

    @Test("fails as soon as a match arrives, naming it and when it came")
    func failsOnHit() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(100))
        let output = machine.receive(.runError(message: "tool crashed", code: "500"), at: .ms(1_250))
        let message = #"expected no run_error in this turn; got run_error "tool crashed" at 1.25s"#
        #expect(output.failure == StepFailure(message: message, cause: .mismatch, location: FlowText.at(4), waited: .ms(1_250)))
        #expect(machine.outcomes == [#"send "hello": passed"#, "expect_no run_error: failed", #"send "bye": skipped"#])
    }

    @Test("a match that arrived in the turn before the step started fails it at once")
    func hitAlreadyInTurn() throws {
        var machine = try Machine(
            """
            flow: Error then check
            steps:
              - send: hello
              - expect: reply
              - expect_no: run_error
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(.runError(message: "boom", code: nil), at: .ms(100))
        let output = machine.receive(Events.reply("Sorry"), at: .ms(200))
        #expect(output.failure?.rendered == #"t.flow.yaml:5:5: expected no run_error in this turn; got run_error "boom" at 100ms"#)
    }

    @Test("an event that trails the turn's end within the settle period still fails it")
    func trailingHit() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.turnEnded, at: .ms(500))
        let output = machine.receive(AgentEvent.runError(message: "late failure", code: nil), at: .ms(900))
        #expect(output.failure?.message == #"expected no run_error in this turn; got run_error "late failure" at 900ms"#)
    }

    @Test("with for:, it watches the whole window even after the turn ends, then passes")
    func window() throws {
        var machine = try Machine(
            """
            flow: Window
            steps:
              - send: delete nothing
              - expect_no:
                  tool_call: { name: delete_account }
                  for: 2s
            """)
        _ = machine.start()
        #expect(machine.performed(at: .ms(100)).command == .awaitEvent(until: .ms(2_100)))
        #expect(machine.receive(Events.turnEnded, at: .ms(500)).command == .awaitEvent(until: .ms(2_100)))
        #expect(machine.deadline(at: .ms(2_100)).command == .finish(.passed))
    }

    @Test("with for:, a match inside the window fails it, saying so")
    func windowHit() throws {
        var machine = try Machine(
            """
            flow: Window
            steps:
              - send: delete nothing
              - expect_no:
                  tool_call: { name: delete_account }
                  for: 2s
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.toolCall("lookup_account", id: "c1"), at: .ms(300))
        let output = machine.receive(Events.toolCall("delete_account", id: "c2"), at: .ms(1_500))
        #expect(output.failure?.message == #"expected no tool_call "delete_account" for 2s; got tool_call "delete_account" at 1.5s"#)
    }

    @Test("a turn that never ends: it passes at the flow's timeout, having seen no match in all that time")
    func turnNeverEnds() throws {
        var machine = try Machine(
            """
            flow: Endless
            timeout: 3s
            steps:
              - send: hello
              - expect_no: run_error
            """)
        _ = machine.start()
        #expect(machine.performed(at: .zero).command == .awaitEvent(until: .seconds(3)))
        _ = machine.receive(Events.runStarted, at: .ms(100))
        #expect(machine.deadline(at: .seconds(3)).command == .finish(.passed))
    }
}
