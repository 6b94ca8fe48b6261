import ParleyCore
import ParleyModel
import Testing

/// `retry` runs its block again on the causes it names; a pass on a later attempt is flaky.
@Suite("interpreter: retry")
struct RetryTests {
    static let flow = """
        flow: Retry a block
        steps:
          - retry:
              attempts: 3
              on: [timeout]
              steps:
                - send: status?
                - expect: { reply: ok, within: 2s }
          - send: thanks
        """

    @Test("a timeout retries the block; a pass on the second attempt makes the block and the flow flaky")
    func flakyPass() throws {
        var machine = try Machine(Self.flow)
        #expect(machine.start().command == .perform(.send(text: "status?")))
        #expect(machine.performed(at: .zero).command == .awaitEvent(until: .seconds(2)))
        // The agent stays silent: the expect times out and the block starts again; after two
        // seconds of silence the turn is over, so the retried send acts at once.
        let retried = machine.deadline(at: .seconds(2))
        #expect(retried.command == .perform(.send(text: "status?")))
        #expect(
            retried.notes.contains(
                .log(#"retry: attempt 2 of 3 after t.flow.yaml:8:11: expected reply "ok" within 2s; nothing arrived"#)))
        _ = machine.performed(at: .ms(2_010))
        _ = machine.receive([Events.reply("ok"), Events.turnEnded], at: .ms(2_500))
        #expect(machine.interpreter.finalOutcome == nil)
        #expect(machine.performed(at: .ms(2_600)).command == .finish(.flaky))
        #expect(
            machine.outcomes == [
                #"  send "status?": passed"#, #"  expect reply "ok": failed"#, #"  send "status?": passed"#, #"  expect reply "ok": passed"#,
                "retry (3 attempts): flaky after 2 attempts", #"send "thanks": passed"#,
            ])
        #expect(machine.interpreter.results.first { $0.step.summary.hasPrefix("retry") }?.outcome == .flaky(attempts: 2))
    }

    @Test("a pass on the first attempt is a plain pass")
    func firstAttempt() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.reply("ok"), Events.turnEnded], at: .ms(300))
        #expect(machine.performed(at: .ms(400)).command == .finish(.passed))
        #expect(machine.outcomes.contains("retry (3 attempts): passed"))
    }

    @Test("when every attempt fails, the flow fails with the last failure and the rest is skipped")
    func exhausted() throws {
        var machine = try Machine(Self.flow)
        _ = machine.start()
        var clock = Duration.zero
        for _ in 1...3 {
            _ = machine.performed(at: clock)
            clock += .seconds(2)
            _ = machine.deadline(at: clock)
        }
        let outcome = machine.interpreter.finalOutcome
        #expect(
            outcome
                == .failed(
                    StepFailure(
                        message: #"expected reply "ok" within 2s; nothing arrived"#, cause: .timeout,
                        location: FlowText.at(8, 11), waited: .seconds(2))))
        #expect(Array(machine.outcomes.suffix(3)) == [#"  expect reply "ok": failed"#, "retry (3 attempts): failed", #"send "thanks": skipped"#])
    }

    @Test("a cause the block does not name is not retried")
    func otherCause() throws {
        var machine = try Machine(
            """
            flow: Mismatch is not retried
            steps:
              - retry:
                  on: [timeout]
                  steps:
                    - send: options?
                    - tap: Missing
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.receive([Events.reply("Pick", suggestions: ["Other"]), Events.turnEnded], at: .ms(100))
        #expect(output.failure?.cause == .mismatch)
        #expect(machine.outcomes.last == "retry (2 attempts): failed")
    }

    @Test("a mismatch is retried when named")
    func mismatchNamed() throws {
        var machine = try Machine(
            """
            flow: Mismatch retried
            steps:
              - retry:
                  on: [mismatch]
                  steps:
                    - send: options?
                    - tap: Missing
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.receive([Events.reply("Pick", suggestions: ["Other"]), Events.turnEnded], at: .ms(100))
        #expect(output.command == .perform(.send(text: "options?")))
    }

    @Test("a transport failure is fatal even inside a retry that names it")
    func transportFatal() throws {
        var machine = try Machine(
            """
            flow: Transport
            steps:
              - retry:
                  attempts: 3
                  on: [timeout, transport]
                  steps:
                    - send: status?
                    - expect: reply
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.transportFailed("connection reset by peer", at: .ms(700))
        #expect(
            output.failure
                == StepFailure(message: "connection reset by peer", cause: .transport, location: FlowText.at(8, 11), waited: .ms(700)))
        #expect(machine.outcomes == [#"  send "status?": passed"#, "  expect reply: failed", "retry (3 attempts): failed"])
    }

    @Test("a delay pauses between attempts")
    func delay() throws {
        var machine = try Machine(
            """
            flow: Delay
            steps:
              - retry:
                  on: [timeout]
                  delay: 500ms
                  steps:
                    - expect: { reply: ok, within: 1s }
            """)
        _ = machine.start()
        #expect(machine.deadline(at: .seconds(1)).command == .awaitEvent(until: .ms(1_500)))
        #expect(machine.deadline(at: .ms(1_500)).command == .awaitEvent(until: .ms(2_500)))
        let output = machine.receive(Events.reply("ok"), at: .ms(2_000))
        #expect(output.command == .finish(.flaky))
    }
}
