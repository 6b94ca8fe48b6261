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
}
