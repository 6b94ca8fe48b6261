import ParleyModel
import ParleyParser
import Testing

/// `count:` on expectations, `within:` on captures, and conditions that name an event directly.
@Suite("parser: count, capture within, received")
struct ReadsAndCountTests {
    func expectation(_ yaml: String) -> (ParleyModel.Expectation?, [String]) {
        let parsed = FixturePaths.parse("flow: t\nsteps:\n  - expect: \(yaml)\n")
        guard case .expect(let expectation)? = parsed.flow?.steps.first?.kind else { return (nil, parsed.diagnostics.map(\.message)) }
        return (expectation, parsed.diagnostics.map(\.message))
    }

    @Test("count: a whole number, or number bounds")
    func counts() {
        let (one, none) = expectation("{ reply: {}, count: 1 }")
        #expect(none.isEmpty)
        #expect(one?.count?.kind == .equals(.number(1)))
        let (bounded, clean) = expectation("{ text_delta: {}, count: { gte: 2, lt: 5 } }")
        #expect(clean.isEmpty)
        #expect(bounded?.count != nil)
    }

    @Test("count: words, negative numbers and durations are refused with the shape expected")
    func badCounts() {
        #expect(expectation("{ reply: {}, count: many }").1 == ["expected a count (a whole number of at least 0), got 'many'"])
        #expect(expectation("{ reply: {}, count: -1 }").1.count == 1)
        #expect(expectation("{ reply: {}, count: { lt: 2s } }").1 == ["expected a count like 1 or { gte: 2 }, got a mapping"])
        #expect(expectation("{ reply: {}, cuont: 1 }").1.first?.contains("did you mean 'count'") == true)
    }

    @Test("a capture takes within:")
    func captureWithin() {
        let parsed = FixturePaths.parse("flow: t\nsteps:\n  - capture: { id: { from: tool_call, json_path: $.id, within: 5s } }\n")
        #expect(parsed.diagnostics.isEmpty)
        guard case .capture(let captures)? = parsed.flow?.steps.first?.kind else {
            Issue.record("not a capture")
            return
        }
        #expect(captures.first?.within == .seconds(5))
    }

    @Test("a condition that names an event is refused with a hint naming received:")
    func eventAsCondition() {
        let parsed = FixturePaths.parse(
            """
            flow: t
            steps:
              - if: { reply: { contains: refund } }
                then: [{ log: offered }]
            """)
        #expect(
            parsed.diagnostics.map(\.message)
                == ["a condition on what the agent sent is written { received: { reply: … } }; 'reply' alone is not a condition"])
        #expect(parsed.diagnostics.first?.location.lineColumn == "3:11")
    }
}
