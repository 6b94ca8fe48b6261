import ParleyModel
import ParleyParser
import ParleySimulator
import Testing

@Suite("agent script parser")
struct ScriptParserTests {
    @Test("the demo script parses with no diagnostics")
    func demoParses() {
        let result = AgentScriptParser.parse(path: Support.demoPath)
        #expect(result.diagnostics.isEmpty, "\(result.rendered())")
        #expect(result.script?.agent.name == "Demo Support")
        #expect(result.script?.rules.count ?? 0 > 30)
        #expect(result.script?.greeting != nil)
    }

    @Test("state_snapshot, state_delta and custom are read as their steps, values kept as templates")
    func stateAndCustom() throws {
        let script = Support.script(
            """
            rules:
              - when: { text: 'view (\\w+)' }
                play:
                  - state_snapshot: { cart: [], viewing: "${1}" }
                  - state_delta: [{ op: add, path: /cart/-, value: "${1}" }, { op: move, from: /a, path: /b }, { op: remove, path: "" }]
                  - custom: { name: "product_${1}", value: [Add to cart] }
                  - custom: { name: ping, value: null }
            """)
        guard case .play(let steps) = try #require(script.rules.first).body else {
            Issue.record("expected a play")
            return
        }
        #expect(steps.map(\.location.line) == [4, 5, 6, 7])
        guard case .stateSnapshot(.object(let members)) = steps[0].kind else {
            Issue.record("not a snapshot: \(steps[0].kind)")
            return
        }
        #expect(members.map(\.key) == ["cart", "viewing"])
        #expect(members.first?.value == .array([]))
        #expect(members.last?.value.templates.flatMap(\.references).map(\.0) == [.variable(name: "1", path: [])])
        guard case .stateDelta(.array(let operations)) = steps[1].kind else {
            Issue.record("not a delta: \(steps[1].kind)")
            return
        }
        #expect(operations.count == 3)
        guard case .custom(let name, let value) = steps[2].kind else {
            Issue.record("not a custom event: \(steps[2].kind)")
            return
        }
        #expect(name.references.count == 1)
        #expect(value.templates.map(\.literalText) == ["Add to cart"])
        guard case .custom(let ping, .null) = steps[3].kind else {
            Issue.record("a null value is a value: \(steps[3].kind)")
            return
        }
        #expect(ping.literalText == "ping")
    }
}
