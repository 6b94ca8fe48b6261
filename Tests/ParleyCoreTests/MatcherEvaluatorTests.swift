import ParleyCore
import ParleyModel
import ParleyParser
import Testing

@Suite("matcher evaluation")
struct MatcherEvaluatorTests {
    /// The pattern of `- expect: <yaml>`, parsed the way flows are.
    func pattern(_ yaml: String) throws -> EventPattern {
        let parsed = FlowParser().parse(text: "flow: t\nvars: { order: A-1 }\nsteps:\n  - expect: \(yaml)\n", path: "t.flow.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        guard case .expect(let expectation)? = parsed.flow?.steps.first?.kind else {
            throw ParseFailure()
        }
        return expectation.pattern
    }

    struct ParseFailure: Error {}

    let evaluator = MatcherEvaluator(interpolation: Interpolation(variables: ["order": "A-1"]))
    let reply = AgentEvent.reply(Reply(messageID: "m1", text: "Your order is delayed", suggestions: ["Track package", "Talk to a person"]))
    let call = AgentEvent.toolCall(ToolCall(id: "c1", name: "lookup_order", args: .object([JSONMember("order_id", "A-1"), JSONMember("items", [.object([JSONMember("sku", "X")])])])))

    @Test("text matchers on a reply's text", arguments: [
        ("{ reply: { contains: delayed } }", true), ("{ reply: { contains: shipped } }", false),
        ("{ reply: { icontains: YOUR ORDER } }", true), ("{ reply: { starts_with: Your } }", true),
        ("{ reply: { matches: 'order is (delayed|late)' } }", true), ("{ reply: { not: { contains: delayed } } }", false),
        ("{ reply: { any: [{ contains: shipped }, { contains: delayed }] } }", true),
        ("{ reply: { all: [{ contains: shipped }, { contains: delayed }] } }", false),
        ("{ reply: { one_of: [a, 'Your order is delayed'] } }", true), ("{ reply: 'Your order is delayed' }", true),
        ("{ reply: { suggestions: { contains: Track package } } }", true), ("{ reply: { from: live } }", false),
    ])
    func textMatchers(yaml: String, expected: Bool) throws {
        #expect(evaluator.evaluate(try pattern(yaml), against: reply).passed == expected)
    }

    @Test("object subset, variables and json_path on a tool call", arguments: [
        ("{ tool_call: { name: lookup_order, args: { order_id: '${order}' } } }", true),
        ("{ tool_call: { args: { order_id: { starts_with: B } } } }", false),
        ("{ tool_call: { args: { json_path: { '$.items[0].sku': X } } } }", true),
        ("{ tool_call: { args: { json_path: { '$.items[*].sku': Y } } } }", false),
        ("{ tool_call: { args: { missing: { exists: false } } } }", true),
        ("{ reply: delayed }", false),
    ])
    func structured(yaml: String, expected: Bool) throws {
        #expect(evaluator.evaluate(try pattern(yaml), against: call).passed == expected)
    }

    @Test("numbers and durations compare; a handoff's wait is in seconds")
    func comparisons() throws {
        let handoff = AgentEvent.handoff(Handoff(stage: .queued, queuePosition: 3, wait: .seconds(90)))
        #expect(evaluator.evaluate(try pattern("{ handoff: { queue_position: { lte: 3 } } }"), against: handoff).passed)
        #expect(!evaluator.evaluate(try pattern("{ handoff: { queue_position: { lt: 3 } } }"), against: handoff).passed)
        #expect(evaluator.evaluate(try pattern("{ handoff: { wait: { lt: 2m, gt: 1m } } }"), against: handoff).passed)
    }

    @Test("a failure says what was missing, and the closer candidate scores higher")
    func reasonsAndScore() throws {
        let expectation = try pattern("{ reply: { contains: shipped, from: agent } }")
        let result = evaluator.evaluate(expectation, against: reply)
        #expect(result.reasons == [#"text: no "shipped""#])
        #expect(result.score == 0.5)
        let worse = evaluator.evaluate(expectation, against: .reply(Reply(messageID: "m2", text: "hello", from: .live)))
        #expect(worse.score < result.score)
    }

    @Test("JSON paths outside the subset are refused")
    func pathSubset() {
        #expect(JSONPath("$.a[0]['b c'][*]") != nil)
        #expect(JSONPath("a.b") == nil)
        #expect(JSONPath("$..a") == nil)
        #expect(JSONPath("$.a[-1]")?.select(in: .object([JSONMember("a", [1, 2])])) == [2])
    }
}

/// Durations compare as durations: a duration literal against a numeric seconds field, or against
/// another duration literal, means the same thing in every matcher.
@Suite("matchers: durations")
struct DurationMatchingTests {
    let evaluator = MatcherEvaluator(interpolation: Interpolation())

    static let here = SourceLocation(file: "t", line: 1, column: 1)

    func matcher(_ kind: Matcher.Kind) -> Matcher { Matcher(kind, at: Self.here) }

    func text(_ literal: String) -> ValueTemplate { .string(Template(literal: literal, location: Self.here)) }

    @Test("wait: 40s in a flow matches a handoff whose estimated wait is 40 seconds")
    func handoffWait() throws {
        let parsed = FlowParser().parse(text: "flow: t\nsteps:\n  - expect: { handoff: { wait: 40s } }\n", path: "t.flow.yaml")
        guard case .expect(let expectation)? = parsed.flow?.steps.first?.kind else {
            Issue.record("not parsed: \(parsed.diagnostics)")
            return
        }
        #expect(evaluator.evaluate(expectation.pattern, against: .handoff(Handoff(stage: .queued, wait: .seconds(40)))).passed)
        #expect(!evaluator.evaluate(expectation.pattern, against: .handoff(Handoff(stage: .queued, wait: .seconds(45)))).passed)
    }

    @Test("40s equals a field holding 40 seconds, and 250ms equals 0.25")
    func equalsSeconds() {
        #expect(evaluator.evaluate(matcher(.equals(text("40s"))), against: .number(40)).passed)
        #expect(evaluator.evaluate(matcher(.equals(text("250ms"))), against: .number(0.25)).passed)
        #expect(evaluator.evaluate(matcher(.equals(text("1m"))), against: .string("60s")).passed)
        #expect(!evaluator.evaluate(matcher(.equals(text("40s"))), against: .number(41)).passed)
        #expect(evaluator.evaluate(matcher(.oneOf([text("30s"), text("40s")])), against: .number(40)).passed)
    }

    @Test("a comparison reads a duration literal in the event as its seconds")
    func compareText() {
        #expect(evaluator.evaluate(matcher(.compare(.lt, .duration(.seconds(60)))), against: .string("40s")).passed)
        #expect(!evaluator.evaluate(matcher(.compare(.lt, .number(30))), against: .string("40s")).passed)
        #expect(evaluator.evaluate(matcher(.compare(.lt, .duration(.seconds(60)))), against: .number(40)).passed)
    }

    @Test("plain text that is not a duration still compares as text")
    func notDurations() {
        #expect(!evaluator.evaluate(matcher(.equals(text("40s"))), against: .string("40")).passed)
        #expect(evaluator.evaluate(matcher(.equals(text("5"))), against: .number(5)).passed)
    }
}
