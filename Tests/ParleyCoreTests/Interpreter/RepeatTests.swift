import ParleyCore
import ParleyModel
import Testing

/// `repeat` runs its block a number of times, or until a condition holds (at most `max` rounds).
@Suite("interpreter: repeat")
struct RepeatTests {
    @Test("times: the block runs exactly that many times")
    func times() throws {
        var machine = try Machine(
            """
            flow: Three probes
            steps:
              - repeat:
                  times: 3
                  steps:
                    - send: ping
                    - expect: { reply: pong }
            """)
        var output = machine.start()
        var sent = 0
        var clock = Duration.zero
        while case .perform(let action) = output.command {
            #expect(action == .send(text: "ping"))
            sent += 1
            clock += .ms(100)
            _ = machine.performed(at: clock)
            output = machine.receive([Events.reply("pong"), Events.turnEnded], at: clock + .ms(50))
        }
        #expect(sent == 3)
        #expect(output.command == .finish(.passed))
        #expect(machine.outcomes.filter { $0 == #"  send "ping": passed"# }.count == 3)
        #expect(machine.outcomes.last == "repeat 3 times: passed")
    }

    @Test("until: it stops after the round in which the condition holds")
    func until() throws {
        var page = try Machine(
            """
            flow: Page through
            steps:
              - send: my orders
              - expect: { reply: { contains: page 1 } }
              - repeat:
                  until: { received: { reply: { contains: "That's all" } } }
                  max: 5
                  steps:
                    - tap: Show more
                    - expect: reply
            """)
        _ = page.start()
        _ = page.performed(at: .zero)
        _ = page.receive(Events.reply("page 1 of 3", suggestions: ["Show more"]), at: .ms(100))
        // The condition reads the turn: false only once the turn ended and settled (1 s) without "That's all".
        #expect(page.receive(Events.turnEnded, at: .ms(110)).command == .awaitEvent(until: .ms(1_110)))
        #expect(page.deadline(at: .ms(1_110)).command == .perform(.tap(suggestion: "Show more")))
        _ = page.performed(at: .ms(1_200))
        #expect(
            page.receive([Events.reply("page 2 of 3", suggestions: ["Show more"]), Events.turnEnded], at: .ms(1_300)).command
                == .awaitEvent(until: .ms(2_300)))
        #expect(page.deadline(at: .ms(2_300)).command == .perform(.tap(suggestion: "Show more")))
        _ = page.performed(at: .ms(2_400))
        #expect(page.receive(Events.reply("That's all, page 3 of 3"), at: .ms(2_500)).command == .finish(.passed))
        #expect(page.outcomes.filter { $0.hasPrefix("  tap") }.count == 2)
        #expect(page.outcomes.last == "repeat until (at most 5 times): passed")
    }

    @Test("until: when the condition never holds it fails after max rounds")
    func untilMax() throws {
        var machine = try Machine(
            """
            flow: Never done
            steps:
              - send: start
              - repeat:
                  until: { var: done, is: yes }
                  max: 2
                  steps:
                    - set: { done: no }
              - send: after
            """)
        _ = machine.start()
        let output = machine.performed(at: .ms(10))
        #expect(
            output.failure
                == StepFailure(
                    message: "repeat: the condition still did not hold after 2 rounds", cause: .mismatch, location: FlowText.at(4)))
        #expect(
            machine.outcomes == [
                #"send "start": passed"#, "  set done: passed", "  set done: passed", "repeat until (at most 2 times): failed",
                #"send "after": skipped"#,
            ])
    }
}
