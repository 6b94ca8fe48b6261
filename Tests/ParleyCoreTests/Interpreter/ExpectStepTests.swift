import ParleyCore
import ParleyModel
import Testing

/// `expect` driven through the interpreter by hand: inputs and times in, commands and notes out.
@Suite("interpreter: expect")
struct ExpectStepTests {
    static let orderFlow = """
        flow: Order status
        steps:
          - send: Where is my order?
          - expect:
              reply: { contains: shipped }
              within: 5s
        """

    @Test("a send acts at once on a quiet opening, then the expect waits for its own timeout and passes on the match")
    func exactCommandsAndNotes() throws {
        var machine = try Machine(Self.orderFlow)
        let send = StepInfo(summary: #"send "Where is my order?""#, location: FlowText.at(3), depth: 0)
        let expect = StepInfo(summary: #"expect reply containing "shipped""#, location: FlowText.at(4), depth: 0)

        #expect(
            machine.start()
                == InterpreterOutput(
                    notes: [.stepStarted(send), .userAction(.send(text: "Where is my order?"))],
                    command: .perform(.send(text: "Where is my order?"))))
        #expect(
            machine.performed(at: .ms(100))
                == InterpreterOutput(
                    notes: [.stepFinished(StepResult(step: send, outcome: .passed, started: .zero, duration: .ms(100))), .stepStarted(expect)],
                    command: .awaitEvent(until: .ms(5_100))))
        #expect(
            machine.receive(Events.runStarted, at: .ms(300))
                == InterpreterOutput(notes: [.agentEvent(Events.runStarted, offset: .ms(300))], command: .awaitEvent(until: .ms(5_100))))
        let reply = Events.reply("It has shipped")
        #expect(
            machine.receive(reply, at: .ms(1_300))
                == InterpreterOutput(
                    notes: [
                        .agentEvent(reply, offset: .ms(1_300)),
                        .stepFinished(
                            StepResult(
                                step: expect, outcome: .passed, started: .ms(100), duration: .ms(1_200),
                                latencies: [.firstToken: .ms(1_300), .replyComplete: .ms(1_300)])),
                    ],
                    command: .finish(.passed)))
        #expect(machine.interpreter.finalOutcome == .passed)
        #expect(machine.interpreter.eventCount == 2)
    }

    @Test("an expect passes at once when its event already arrived in the turn, without waiting for another event")
    func matchAlreadyInTurn() throws {
        var machine = try Machine(
            """
            flow: Two expectations
            steps:
              - send: hi
              - expect: reply
              - expect: run_started
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(100))
        let output = machine.receive(Events.reply("Hello"), at: .ms(200))
        #expect(output.command == .finish(.passed))
        #expect(machine.outcomes == [#"send "hi": passed"#, "expect reply: passed", "expect run_started: passed"])
        #expect(machine.interpreter.results.last?.duration == .zero)
    }

    @Test("the wait is the step's within, else the flow's timeout, else the project default, else 10 s")
    func timeoutPrecedence() throws {
        func deadline(header: String, step: String, settings: FlowInterpreter.Settings) throws -> InterpreterCommand {
            var machine = try Machine(
                """
                flow: Timeouts
                \(header)
                steps:
                  - send: hi
                  - expect: \(step)
                """, settings: settings)
            _ = machine.start()
            return machine.performed(at: .seconds(1)).command
        }
        let project = FlowInterpreter.Settings(defaultTimeout: .seconds(4))
        #expect(try deadline(header: "timeout: 7s", step: "{ reply: Hi, within: 3s }", settings: project) == .awaitEvent(until: .seconds(4)))
        #expect(try deadline(header: "timeout: 7s", step: "{ reply: Hi }", settings: project) == .awaitEvent(until: .seconds(8)))
        #expect(try deadline(header: "tags: [a]", step: "{ reply: Hi }", settings: project) == .awaitEvent(until: .seconds(5)))
        #expect(try deadline(header: "tags: [a]", step: "{ reply: Hi }", settings: FlowInterpreter.Settings()) == .awaitEvent(until: .seconds(11)))
    }

    @Test("at its timeout it fails naming the condition, the wait and what arrived")
    func timeoutMessage() throws {
        var machine = try Machine(Self.orderFlow)
        _ = machine.start()
        _ = machine.performed(at: .ms(100))
        _ = machine.receive(Events.reply("Your order is delayed"), at: .ms(900))
        #expect(machine.deadline(at: .ms(5_000)).command == .awaitEvent(until: .ms(5_100)))
        let output = machine.deadline(at: .ms(5_100))
        let message = #"expected reply containing "shipped" within 5s; got reply "Your order is delayed" (no "shipped")"#
        #expect(
            output.failure == StepFailure(message: message, cause: .timeout, location: FlowText.at(4), waited: .seconds(5)))
        #expect(output.failure?.rendered == "t.flow.yaml:4:5: " + message)
        #expect(machine.failures == ["t.flow.yaml:4:5: " + message])
    }

    @Test("the closest candidate comes first in the failure")
    func closestCandidateFirst() throws {
        var machine = try Machine(
            """
            flow: Tool
            steps:
              - send: Where is A-1042?
              - expect:
                  tool_call: { name: lookup_order, args: { order_id: A-1042 } }
                  within: 2s
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.toolCall("search", id: "c1"), at: .ms(100))
        _ = machine.receive(Events.toolCall("lookup_order", id: "c2", args: [JSONMember("order_id", "B-2")]), at: .ms(200))
        let output = machine.deadline(at: .seconds(2))
        #expect(
            output.failure?.message
                == #"expected tool_call "lookup_order" with args with order_id "A-1042" within 2s; got tool_call "lookup_order" (args: order_id: expected "A-1042", got "B-2"), tool_call "search" (expected "lookup_order", got "search"; args: order_id: expected "A-1042", got nothing)"#
        )
    }

    @Test("only the current turn counts: what the agent said before the user acted does not satisfy an expect")
    func currentTurnOnly() throws {
        var machine = try Machine(
            """
            flow: Greeting then question
            steps:
              - expect: { reply: { contains: Welcome } }
              - send: hi
              - expect: { reply: { contains: Welcome }, within: 2s }
            """, settings: FlowInterpreter.Settings(agentSpeaksFirst: true))
        _ = machine.start()
        _ = machine.receive(Events.reply("Welcome to Acme"), at: .ms(100))
        #expect(machine.receive(Events.turnEnded, at: .ms(150)).command == .perform(.send(text: "hi")))
        #expect(machine.performed(at: .ms(200)).command == .awaitEvent(until: .ms(2_200)))
        let output = machine.deadline(at: .ms(2_200))
        #expect(output.failure?.rendered == #"t.flow.yaml:5:5: expected reply containing "Welcome" within 2s; nothing arrived"#)
    }

    @Test("latency is measured from the user action: a bound that holds passes, one that breaks fails when the reply arrives")
    func latencyFromUserAction() throws {
        func run(bound: String) throws -> (InterpreterOutput, Machine) {
            var machine = try Machine(
                """
                flow: Latency
                steps:
                  - send: What are your hours?
                  - expect:
                      reply: { contains: Monday }
                      latency: { first_token: { lt: \(bound) }, reply_complete: { lte: 3s } }
                """, at: .seconds(10))
            #expect(machine.start().command == .perform(.send(text: "What are your hours?")))
            _ = machine.performed(at: .ms(10_050))
            _ = machine.receive(Events.runStarted, at: .ms(10_200))
            _ = machine.receive(Events.delta("Mon"), at: .ms(11_500))
            return (machine.receive(Events.reply("Monday to Friday"), at: .ms(12_900)), machine)
        }
        let (fast, _) = try run(bound: "2s")
        #expect(fast.command == .finish(.passed))
        let (slow, machine) = try run(bound: "1s")
        #expect(
            slow.failure
                == StepFailure(
                    message: "first_token latency 1.5s broke its bound (1.5 is not lt 1s)", cause: .mismatch, location: FlowText.at(4),
                    waited: .ms(2_850)))
        #expect(machine.outcomes.last == #"expect reply containing "Monday": failed"#)
    }

    @Test("run_finished latency counts from the user action too")
    func runFinishedLatency() throws {
        var machine = try Machine(
            """
            flow: Run latency
            steps:
              - send: hi
              - expect: { run_finished: success, latency: { run_finished: { lte: 3s } } }
            """)
        _ = machine.start()
        _ = machine.performed(at: .ms(20))
        _ = machine.receive(Events.runStarted, at: .ms(500))
        let output = machine.receive(Events.runFinished, at: .ms(3_500))
        #expect(output.failure?.message == "run_finished latency 3.5s broke its bound (3.5 is not lte 3s)")
    }
}
