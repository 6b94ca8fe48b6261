import ParleyCore
import ParleyModel
import Testing

/// After a failure every step not reached is skipped; a transport failure fails the step it hit.
@Suite("interpreter: failures, skips and transport")
struct FailureTests {
    static let flow = """
        flow: Failure midway
        steps:
          - send: hi
          - repeat:
              times: 2
              steps:
                - expect: { reply: hello, within: 1s }
                - log: never
          - send: bye
          - end
        """

    @Test("steps not reached are skipped, inner ones first, and the block holding the failure fails")
    func skippedAfterFailure() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.deadline(at: .seconds(1))
        let failure = StepFailure(
            message: #"expected reply "hello" within 1s; nothing arrived"#, cause: .timeout, location: FlowText.at(7, 11), waited: .seconds(1))
        #expect(output.command == .finish(.failed(failure)))
        #expect(
            output.finished == [
                #"  expect reply "hello": failed"#, #"  log "never": skipped"#, "repeat 2 times: failed", #"send "bye": skipped"#, "end: skipped",
            ])
        #expect(machine.interpreter.results.map(\.outcome).filter { $0 == .failed(failure) }.count == 2)
    }

    @Test("inputs after the flow is over change nothing")
    func afterFinish() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let finished = machine.deadline(at: .seconds(1))
        let count = machine.interpreter.results.count
        #expect(machine.receive(Events.reply("hello"), at: .seconds(2)) == InterpreterOutput(notes: [], command: finished.command))
        #expect(machine.deadline(at: .seconds(3)).notes.isEmpty)
        #expect(machine.transportFailed("late", at: .seconds(4)).command == finished.command)
        #expect(machine.interpreter.results.count == count)
    }

    @Test("a transport failure while waiting fails that step with the connector's message, as a transport cause")
    func transportWhileWaiting() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .ms(100))
        let output = machine.transportFailed("connection reset by peer", at: .ms(600))
        #expect(
            output.failure
                == StepFailure(message: "connection reset by peer", cause: .transport, location: FlowText.at(7, 11), waited: .ms(500)))
        #expect(output.failure?.rendered == "t.flow.yaml:7:11: connection reset by peer")
        #expect(machine.outcomes.first == #"send "hi": passed"#)
        #expect(machine.outcomes.contains(#"send "bye": skipped"#))
    }

    @Test("a transport failure while performing fails the acting step")
    func transportWhilePerforming() throws {
        var machine = try Machine(Self.flow)
        #expect(machine.start().command == .perform(.send(text: "hi")))
        let output = machine.transportFailed("POST http://127.0.0.1:8000/agent answered 502", at: .ms(50))
        #expect(output.failure?.rendered == "t.flow.yaml:3:5: POST http://127.0.0.1:8000/agent answered 502")
        #expect(output.failure?.cause == .transport)
        #expect(machine.outcomes == [#"send "hi": failed"#, "repeat 2 times: skipped", #"send "bye": skipped"#, "end: skipped"])
    }

    @Test("end is an action: it waits for the turn and performs .end")
    func end() throws {
        var machine = try Machine(
            """
            flow: End
            steps:
              - send: bye
              - end
              - expect: { session_ended: {} }
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive([Events.reply("Goodbye"), Events.turnEnded], at: .ms(100)).command == .perform(.end))
        _ = machine.performed(at: .ms(200))
        #expect(machine.receive(.sessionEnded(reason: "user ended"), at: .ms(300)).command == .finish(.passed))
    }
}
