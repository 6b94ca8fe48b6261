import ParleyCore
import ParleyModel
import Testing

/// `count:` on an expectation, and the settle rule: a read without `within:` stops waiting soon
/// after the turn ended; one with `within:` waits its whole window.
@Suite("interpreter: count and settle")
struct CountAndSettleTests {
    static func flow(_ expect: String) -> String {
        """
        flow: Count
        steps:
          - send: hi
          - expect: \(expect)
        """
    }

    @Test("count: 1 passes once the turn has settled with exactly one match")
    func exactlyOnePasses() throws {
        var machine = try Machine(Self.flow(#"{ reply: { contains: shipped }, count: 1 }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        // One match is not yet "exactly one": another may come.
        #expect(machine.receive(Events.reply("It has shipped"), at: .ms(100)).command == .awaitEvent(until: .ms(10_000)))
        #expect(machine.receive(Events.turnEnded, at: .ms(200)).command == .awaitEvent(until: .ms(1_200)))
        #expect(machine.deadline(at: .ms(1_200)).command == .finish(.passed))
    }

    @Test("count: 1 fails as soon as a second match arrives, listing both")
    func secondMatchFails() throws {
        var machine = try Machine(Self.flow(#"{ reply: { contains: shipped }, count: 1 }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.reply("It has shipped"), at: .ms(100))
        let failure = machine.receive(Events.reply("It has shipped", id: "m2"), at: .ms(300)).failure
        #expect(
            failure?.message
                == #"expected reply containing "shipped" exactly 1 times in this turn; got 2: reply "It has shipped" at 100ms, reply "It has shipped" at 300ms"#)
    }

    @Test("count: { gte: 2 } passes as soon as the second match arrives")
    func atLeastTwo() throws {
        var machine = try Machine(Self.flow(#"{ text_delta: {}, count: { gte: 2 } }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive(Events.delta("a"), at: .ms(100)).command == .awaitEvent(until: .ms(10_000)))
        #expect(machine.receive(Events.delta("b"), at: .ms(150)).command == .finish(.passed))
    }

    @Test("count: 0 passes when the turn settles without a match, and fails at the first")
    func zero() throws {
        var none = try Machine(Self.flow(#"{ tool_call: lookup_order, count: 0 }"#))
        _ = none.start()
        _ = none.performed(at: .zero)
        _ = none.receive([Events.reply("Hello"), Events.turnEnded], at: .ms(100))
        #expect(none.deadline(at: .ms(1_100)).command == .finish(.passed))

        var one = try Machine(Self.flow(#"{ tool_call: lookup_order, count: 0 }"#))
        _ = one.start()
        _ = one.performed(at: .zero)
        #expect(one.receive(Events.toolCall("lookup_order", id: "c1"), at: .ms(100)).failure != nil)
    }

    @Test("a count that is never reached fails after the turn ended, saying when")
    func tooFew() throws {
        var machine = try Machine(Self.flow(#"{ reply: {}, count: { gte: 2 } }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.reply("one"), Events.turnEnded], at: .ms(370))
        #expect(
            machine.deadline(at: .ms(1_370)).failure?.message
                == #"expected reply at least 2 times in the turn (it ended at 370ms); got 1: reply "one" at 370ms"#)
    }

    @Test("an expect without within: fails one settle period after the turn ended, saying when it ended")
    func settleFailsFast() throws {
        var machine = try Machine(Self.flow(#"{ reply: { contains: shipped } }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.reply("Your order is delayed"), at: .ms(300))
        #expect(machine.receive(Events.turnEnded, at: .ms(370)).command == .awaitEvent(until: .ms(1_370)))
        let failure = machine.deadline(at: .ms(1_370)).failure
        #expect(
            failure?.message
                == #"expected reply containing "shipped", but the turn ended at 370ms without one; got reply "Your order is delayed" (no "shipped")"#)
        #expect(failure?.waited == .ms(1_370))
    }

    @Test("an event that trails the turn's end within the settle period still passes")
    func lateEventWithinSettle() throws {
        var machine = try Machine(Self.flow(#"{ handoff: { stage: queued } }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.turnEnded, at: .ms(100))
        #expect(machine.receive(AgentEvent.handoff(Handoff(stage: .queued)), at: .ms(900)).command == .finish(.passed))
    }

    @Test("an expect with within: waits its whole window after the turn ended (handoff ladders come late)")
    func withinWaitsWindow() throws {
        var machine = try Machine(Self.flow(#"{ handoff: { stage: live_agent_joined }, within: 60s }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive(Events.turnEnded, at: .ms(100)).command == .awaitEvent(until: .seconds(60)))
        #expect(machine.deadline(at: .seconds(5)).failure == nil)
        #expect(machine.receive(AgentEvent.handoff(Handoff(stage: .liveAgentJoined)), at: .seconds(20)).command == .finish(.passed))
    }

    @Test("the settle period is a setting (parley.yaml's defaults.settle)")
    func settleSetting() throws {
        var machine = try Machine(
            Self.flow(#"{ reply: { contains: shipped } }"#), settings: FlowInterpreter.Settings(settle: .ms(250)))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive([Events.reply("Delayed"), Events.turnEnded], at: .ms(100)).command == .awaitEvent(until: .ms(350)))
    }

    @Test("expect_sequence without within: gives up when the ended turn settles")
    func sequenceSettles() throws {
        var machine = try Machine(
            """
            flow: Order
            steps:
              - send: hi
              - expect_sequence: [run_started, { tool_call: lookup_order }]
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.runStarted, Events.reply("Hi"), Events.turnEnded], at: .ms(200))
        let failure = machine.deadline(at: .ms(1_200)).failure
        #expect(failure?.message.contains("before the turn ended at 200ms") == true)
    }

    @Test("a failure shows the whole text of a long reply, not a cut")
    func wholeText() throws {
        let long = String(repeating: "Your order is on a long journey. ", count: 20) + "The end."
        var machine = try Machine(Self.flow(#"{ reply: { contains: shipped } }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.reply(long), Events.turnEnded], at: .ms(100))
        let message = machine.deadline(at: .ms(1_100)).failure?.message ?? ""
        #expect(message.contains(long))
    }
}

/// A turn whose connection is being re-established has not settled: the replay may hold its tail.
@Suite("interpreter: settle while reconnecting")
struct SettleWhileReconnectingTests {
    @Test("an expect without within: waits through a reconnect after the turn ended, then settles again once open")
    func reconnectHoldsSettle() throws {
        var machine = try Machine(CountAndSettleTests.flow(#"{ reply: { contains: After the drop } }"#))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.reply("Before the drop"), Events.turnEnded], at: .ms(100))
        #expect(machine.receive(AgentEvent.connection(.reconnecting(attempt: 1)), at: .ms(200)).command == .awaitEvent(until: .ms(10_000)))
        #expect(machine.deadline(at: .ms(3_000)).failure == nil)
        #expect(machine.receive(AgentEvent.connection(.open), at: .ms(3_100)).command == .awaitEvent(until: .ms(4_100)))
        #expect(machine.receive(Events.reply("After the drop", id: "m2"), at: .ms(3_300)).command == .finish(.passed))
    }
}
