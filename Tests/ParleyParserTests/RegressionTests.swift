import ParleyModel
import ParleyParser
import Testing

/// Bugs found while writing the examples, each pinned so it stays fixed.
@Suite("regressions")
struct RegressionTests {
    @Test("a capture regex keeps its ${…} and an undefined one is reported at its '$'")
    func captureRegexTemplate() throws {
        let text = "flow: f\nvars: { prefix: order }\nsteps:\n  - capture: { a: { from: reply, regex: \"${prefix} (\\\\w+)\" }, b: { from: reply, regex: \"${nowhere} (\\\\w+)\" } }\n"
        let diagnostics = try FixturePaths.diagnostics(validating: text)
        #expect(diagnostics.map(\.message) == ["undefined variable 'nowhere'"])
        #expect(diagnostics.first?.location.lineColumn == "4:89")
        let parsed = FixturePaths.parse(text)
        guard case .capture(let captures)? = parsed.flow?.steps.first?.kind, case .regex(let regex, 1) = captures[0].extraction
        else {
            Issue.record("expected a regex capture")
            return
        }
        #expect(regex.references.map(\.0) == [.variable(name: "prefix", path: [])])
    }

    @Test("a condition naming two forms is an error, not one form silently dropped")
    func conditionWithTwoForms() {
        let parsed = FixturePaths.parse("flow: f\nvars: { x: 1 }\nsteps:\n  - if: { var: x, is: 1, received: reply }\n    then: [end]\n")
        #expect(parsed.diagnostics.map(\.message) == [
            "a condition takes one of var, received, all, any, not, not both 'var' and 'received'; combine them with 'all: […]' or 'any: […]'"
        ])
        #expect(parsed.diagnostics.first?.location.lineColumn == "4:26")
    }

    @Test("an alias in key position is refused even without a bomb, and aliases as values still work")
    func aliasKeys() {
        let refused = FixturePaths.parse("flow: f\nx: &a name\nsteps:\n  - set: { *a : 1 }\n")
        #expect(refused.diagnostics.map(\.message) == ["an alias may not be used as a mapping key"])
        #expect(refused.diagnostics.first?.location.lineColumn == "4:12")
        let fine = FixturePaths.parse("flow: f\nvars: { greeting: &hi hello }\nsteps:\n  - send: *hi\n")
        #expect(fine.diagnostics.isEmpty)
    }
}
