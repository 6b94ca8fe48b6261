import ParleyCore
import ParleyModel
import Testing

/// Each finished step carries the latencies its turn had reached, measured from the user action,
/// so reports can show them (docs/reports.md).
@Suite("step results carry the turn's latencies")
struct StepLatencyTests {
    @Test("after a send, each step reports what its turn had reached when it finished; unreached measures are absent")
    func fromTheUserAction() throws {
        var machine = try Machine(
            """
            flow: Latencies
            steps:
              - send: What are your hours?
              - expect: { reply: { contains: Monday } }
              - expect: { run_finished: success }
            """, at: .seconds(10))
        _ = machine.start()
        _ = machine.performed(at: .ms(10_050))
        _ = machine.receive(Events.runStarted, at: .ms(10_200))
        _ = machine.receive(Events.delta("Mon"), at: .ms(11_500))
        _ = machine.receive(Events.reply("Monday to Friday"), at: .ms(12_900))
        let output = machine.receive(Events.runFinished, at: .ms(13_200))
        #expect(output.command == .finish(.passed))
        let latencies = machine.interpreter.results.map(\.latencies)
        #expect(latencies.count == 3)
        #expect(latencies[0].isEmpty, "the send finished before anything arrived")
        #expect(latencies[1] == [.firstToken: .ms(1_500), .replyComplete: .ms(2_900)])
        #expect(latencies[2] == [.firstToken: .ms(1_500), .replyComplete: .ms(2_900), .runFinished: .ms(3_200)])
    }

    @Test("the opening turn has no user action to measure from, so its steps carry none")
    func openingTurn() throws {
        var machine = try Machine(
            """
            flow: Greeting
            steps:
              - expect: { reply: { contains: Hello } }
            """)
        _ = machine.start()
        let output = machine.receive([Events.delta("Hel"), Events.reply("Hello!")], at: .ms(300))
        #expect(output.command == .finish(.passed))
        #expect(machine.interpreter.results.map(\.latencies) == [[:]])
    }
}
