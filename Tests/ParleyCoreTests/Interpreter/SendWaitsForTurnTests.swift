import ParleyCore
import ParleyModel
import Testing

/// `send` (and every action) waits for the agent's turn to end before it acts, so a flow never
/// talks over the agent; `wait: false` opts out.
@Suite("interpreter: send waits for the turn")
struct SendWaitsForTurnTests {
    static let twoSends = """
        flow: Two messages
        steps:
          - send: first
          - send: second
        """

    @Test("the next send acts when the connector says turn_ended, not before")
    func turnEnded() throws {
        var machine = try Machine(Self.twoSends)
        _ = machine.start()
        // Until something arrives, silence might end the turn two seconds after the send; an open run holds it open.
        #expect(machine.performed(at: .ms(10)).command == .awaitEvent(until: .seconds(2)))
        #expect(machine.receive(Events.runStarted, at: .ms(100)).command == .awaitEvent(until: .ms(10_010)))
        #expect(machine.receive(Events.reply("One moment"), at: .ms(400)).command == .awaitEvent(until: .ms(10_010)))
        #expect(machine.receive(Events.runFinished, at: .ms(500)).command == .awaitEvent(until: .ms(2_500)))
        let output = machine.receive(Events.turnEnded, at: .ms(600))
        #expect(output.command == .perform(.send(text: "second")))
        #expect(output.notes.last == .userAction(.send(text: "second")))
        #expect(machine.performed(at: .ms(650)).command == .finish(.passed))
        #expect(machine.interpreter.results.map(\.duration) == [.ms(10), .ms(640)])
    }

    @Test("when the agent speaks first, the opening turn lasts until its turn_ended")
    func agentSpeaksFirst() throws {
        var machine = try Machine(Self.twoSends, settings: FlowInterpreter.Settings(agentSpeaksFirst: true))
        #expect(machine.start().command == .awaitEvent(until: .seconds(10)))
        #expect(machine.receive(Events.reply("Welcome!"), at: .ms(300)).command == .awaitEvent(until: .ms(2_300)))
        #expect(machine.receive(Events.turnEnded, at: .ms(400)).command == .perform(.send(text: "first")))
    }

    @Test("with no turn_ended, two seconds of silence with no run open end the turn")
    func quietPeriod() throws {
        var machine = try Machine(Self.twoSends)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive(Events.reply("Hello"), at: .ms(700)).command == .awaitEvent(until: .ms(2_700)))
        #expect(machine.deadline(at: .ms(2_700)).command == .perform(.send(text: "second")))
    }

    @Test("an agent that says nothing at all after a send has had its turn once the quiet period passes")
    func silentAgent() throws {
        var machine = try Machine(Self.twoSends)
        _ = machine.start()
        #expect(machine.performed(at: .ms(30)).command == .awaitEvent(until: .seconds(2)))
        #expect(machine.deadline(at: .seconds(2)).command == .perform(.send(text: "second")))
    }

    @Test("the quiet period comes from the settings")
    func quietPeriodSetting() throws {
        var machine = try Machine(Self.twoSends, settings: FlowInterpreter.Settings(quietPeriod: .ms(500)))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive(Events.reply("Hello"), at: .ms(700)).command == .awaitEvent(until: .ms(1_200)))
        #expect(machine.deadline(at: .ms(1_200)).command == .perform(.send(text: "second")))
    }

    @Test("silence does not end a turn while a run is open; the send then waits for its own deadline")
    func runOpenBlocksQuiet() throws {
        var machine = try Machine(Self.twoSends)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(100))
        // The next look is the step's deadline: silence cannot end this turn, so there is nothing to look at sooner.
        #expect(machine.receive(Events.reply("Still thinking"), at: .seconds(1)).command == .awaitEvent(until: .seconds(10)))
        #expect(machine.deadline(at: .seconds(5)).command == .awaitEvent(until: .seconds(10)))
    }

    @Test("a greeting agent that has said nothing yet is waited for until the deadline, without looking again every quiet period")
    func silentGreeter() throws {
        var machine = try Machine(Self.twoSends, settings: FlowInterpreter.Settings(agentSpeaksFirst: true))
        #expect(machine.start().command == .awaitEvent(until: .seconds(10)))
        #expect(machine.deadline(at: .seconds(2)).command == .awaitEvent(until: .seconds(10)))
    }

    @Test("a greeting agent whose socket takes longer than the quiet period to open is still waited for: connection events are not the agent")
    func slowConnectionBeforeGreeting() throws {
        var machine = try Machine(Self.twoSends, settings: FlowInterpreter.Settings(agentSpeaksFirst: true))
        _ = machine.start()
        #expect(machine.receive([.connection(.connecting)], at: .ms(10)).command == .awaitEvent(until: .seconds(10)))
        // Three seconds of silence while connecting: no send (the greeting would end its turn).
        #expect(machine.deadline(at: .seconds(3)).command == .awaitEvent(until: .seconds(10)))
        // Open, but the agent has said nothing yet: still its opening.
        #expect(machine.receive([.connection(.open)], at: .ms(3_500)).command == .awaitEvent(until: .seconds(10)))
        _ = machine.receive(Events.reply("Welcome!"), at: .ms(3_800))
        #expect(machine.receive(Events.turnEnded, at: .ms(3_900)).command == .perform(.send(text: "first")))
    }

    @Test("silence while the connection is re-established does not end a turn; once open, the quiet period counts again")
    func silenceWhileReconnecting() throws {
        var machine = try Machine(Self.twoSends)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.reply("One moment"), at: .ms(100))
        let dropped = machine.receive([.connection(.failed(reason: "the connection dropped")), .connection(.reconnecting(attempt: 1))], at: .ms(200))
        #expect(dropped.command == .awaitEvent(until: .seconds(10)))
        #expect(machine.deadline(at: .seconds(5)).command == .awaitEvent(until: .seconds(10)))
        #expect(machine.receive([.connection(.open)], at: .seconds(6)).command == .awaitEvent(until: .seconds(8)))
        #expect(machine.deadline(at: .seconds(8)).command == .perform(.send(text: "second")))
    }

    @Test("a turn that never ends fails the send at the timeout, naming the last event")
    func busyAgentTimeout() throws {
        var machine = try Machine(
            """
            flow: Busy agent
            timeout: 4s
            steps:
              - send: first
              - send: second
              - expect: reply
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(100))
        _ = machine.receive(Events.delta("Let me"), at: .ms(1_500))
        let output = machine.deadline(at: .seconds(4))
        let message = #"the agent was still busy after 4s (its turn had not ended), so the step did not act; the last event was text_delta "Let me" at 1.5s"#
        #expect(output.failure == StepFailure(message: message, cause: .timeout, location: FlowText.at(5), waited: .seconds(4)))
        #expect(output.failure?.rendered == "t.flow.yaml:5:5: " + message)
        #expect(machine.outcomes == [#"send "first": passed"#, #"send "second": failed"#, "expect reply: skipped"])
    }

    @Test("wait: false sends at once, mid-turn, and opens a new turn")
    func waitFalse() throws {
        var eager = try Machine(
            """
            flow: Interrupt the agent
            steps:
              - send: first
              - send: { text: "Still there?", wait: false }
              - expect: { reply: { contains: Yes } }
            """)
        _ = eager.start()
        // The first send's turn has only just begun, yet the second acts as soon as it is reached.
        #expect(eager.performed(at: .ms(50)).command == .perform(.send(text: "Still there?")))
        #expect(eager.performed(at: .ms(60)).command == .awaitEvent(until: .ms(10_060)))
        #expect(eager.receive(Events.reply("Yes, I am here"), at: .ms(900)).command == .finish(.passed))
    }

    @Test("typing goes out at once, even while the agent talks, and opens no turn: the reply still counts")
    func typingOpensNoTurn() throws {
        var machine = try Machine(
            """
            flow: Typing
            steps:
              - send: hello
              - typing
              - expect: { reply: Hi there }
            """)
        _ = machine.start()
        _ = machine.performed(at: .ms(10))
        #expect(machine.receive(Events.runStarted, at: .ms(50)).command == .perform(.typing))
        _ = machine.performed(at: .ms(60))
        #expect(machine.receive(Events.reply("Hi there"), at: .ms(300)).command == .finish(.passed))
    }
}
