import ParleyCore
import ParleyModel
import ParleyParser
import Testing

/// `expect` judged with no clock and no I/O: the turn and the time are inputs.
@Suite("expectation check")
struct ExpectationCheckTests {
    let check = ExpectationCheck(evaluator: MatcherEvaluator(interpolation: Interpolation()))

    func expectation(_ yaml: String) throws -> ParleyModel.Expectation {
        let parsed = FlowParser().parse(text: "flow: t\nsteps:\n  - expect: \(yaml)\n", path: "t.flow.yaml")
        guard case .expect(let expectation)? = parsed.flow?.steps.first?.kind, parsed.diagnostics.isEmpty else {
            throw Unparsed(diagnostics: parsed.diagnostics)
        }
        return expectation
    }

    struct Unparsed: Error {
        var diagnostics: [Diagnostic]
    }

    func turn(_ events: (AgentEvent, Int)...) -> Turn {
        var turn = Turn()
        for (event, milliseconds) in events { turn.append(event, at: .milliseconds(milliseconds)) }
        return turn
    }

    func reply(_ text: String) -> AgentEvent { .reply(Reply(messageID: "m", text: text)) }

    @Test("passes as soon as an event of the turn matches, whatever came before it")
    func passesOnMatch() throws {
        let verdict = check.verdict(
            try expectation("{ reply: { contains: shipped } }"),
            in: turn((.runStarted(runID: nil, threadID: nil), 5), (reply("It has shipped"), 40)), now: .milliseconds(40),
            timeout: .seconds(5))
        #expect(verdict == .passed(index: 1))
    }

    @Test("waits until its timeout while nothing matches")
    func waits() throws {
        let verdict = check.verdict(
            try expectation("{ reply: { contains: shipped } }"), in: turn((reply("Your order is delayed"), 40)),
            now: .seconds(1), timeout: .seconds(5))
        #expect(verdict == .waiting(until: .seconds(5)))
    }

    @Test("fails at its timeout naming the condition, the wait and what arrived, closest first")
    func failureMessage() throws {
        let verdict = check.verdict(
            try expectation("{ reply: { contains: shipped } }"),
            in: turn((reply("Hello"), 10), (reply("Your order is delayed"), 40)), now: .seconds(5), timeout: .seconds(5))
        #expect(
            verdict
                == .failed(#"expected reply containing "shipped" within 5s; got reply "Hello" (no "shipped"), reply "Your order is delayed" (no "shipped")"#))
        let closest = check.verdict(
            try expectation("{ tool_call: { name: lookup_order, args: { order_id: A-1 } } }"),
            in: turn(
                (.toolCall(ToolCall(id: "1", name: "search", args: .object([]))), 10),
                (.toolCall(ToolCall(id: "2", name: "lookup_order", args: .object([JSONMember("order_id", "B-2")]))), 20)),
            now: .seconds(5), timeout: .seconds(5))
        #expect(
            closest
                == .failed(#"expected tool_call "lookup_order" with args with order_id "A-1" within 5s; got tool_call "lookup_order" (args: order_id: expected "A-1", got "B-2"), tool_call "search" (expected "lookup_order", got "search"; args: order_id: expected "A-1", got nothing)"#))
    }

    @Test("with no event of the kind, it lists what did arrive")
    func nothingOfTheKind() throws {
        let verdict = check.verdict(
            try expectation("goal_completed"),
            in: turn((.runStarted(runID: nil, threadID: nil), 1), (.textDelta(messageID: "m", delta: "a"), 2), (.textDelta(messageID: "m", delta: "b"), 3)),
            now: .seconds(2), timeout: .seconds(2))
        #expect(verdict == .failed("expected goal_completed within 2s; got no goal_completed; got run_started, text_delta ×2"))
        #expect(check.verdict(try expectation("reply"), in: Turn(), now: .seconds(1), timeout: .seconds(1)) == .failed("expected reply within 1s; nothing arrived"))
    }

    @Test("latency is measured from the user action: first token, reply complete, run finished")
    func latency() throws {
        let events = turn(
            (.runStarted(runID: nil, threadID: nil), 100), (.textDelta(messageID: "m", delta: "It"), 1_500),
            (reply("It shipped"), 2_500), (.runFinished(runID: nil, outcome: .success), 2_600))
        #expect(events.latency(.firstToken) == .milliseconds(1_500))
        #expect(events.latency(.replyComplete) == .milliseconds(2_500))
        #expect(events.latency(.runFinished) == .milliseconds(2_600))
        let fast = try expectation("{ reply: { contains: shipped }, latency: { first_token: { lt: 2s } } }")
        #expect(check.verdict(fast, in: events, now: .seconds(3), timeout: .seconds(5)) == .passed(index: 2))
        let strict = try expectation("{ reply: { contains: shipped }, latency: { first_token: { lt: 1s } } }")
        #expect(check.verdict(strict, in: events, now: .seconds(3), timeout: .seconds(5)) == .failed("first_token latency 1.5s broke its bound (1.5 is not lt 1s)"))
    }

    @Test("a handoff outcome waits for the handoff's end, then names the outcome that came instead")
    func handoffOutcome() throws {
        let joined = try expectation("{ handoff: { outcome: live_agent_joined } }")
        let queued = AgentEvent.handoff(Handoff(stage: .queued, queuePosition: 2))
        let failed = AgentEvent.handoff(Handoff(stage: .failed, reason: "no_agents"))
        #expect(check.verdict(joined, in: turn((queued, 10), (failed, 20)), now: .seconds(1), timeout: .seconds(5)) == .waiting(until: .seconds(5)))
        #expect(
            check.verdict(joined, in: turn((queued, 10), (failed, 20), (.turnEnded, 30)), now: .seconds(1), timeout: .seconds(5))
                == .failed(#"expected handoff with outcome "live_agent_joined", but the handoff ended failed (reason "no_agents")"#))
        // A later attempt in the same turn that joins wins over the earlier failure.
        let rejoined = turn((failed, 20), (.handoff(Handoff(stage: .liveAgentJoined, agentName: "Sam")), 40), (.turnEnded, 50))
        #expect(check.verdict(joined, in: rejoined, now: .seconds(1), timeout: .seconds(5)) == .passed(index: 1))
        let either = try expectation("{ handoff: { outcome: { one_of: [failed, timed_out] } } }")
        #expect(check.verdict(either, in: turn((failed, 20), (.turnEnded, 30)), now: .seconds(1), timeout: .seconds(5)) == .passed(index: 0))
    }
}
