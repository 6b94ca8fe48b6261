import ParleyModel
import ParleyParser
import Testing

/// `${…}` references and their escapes, read through flows as users write them.
@Suite("templates")
struct TemplateTests {
    /// The text of the first `send:` of a parsed flow.
    private func sendText(_ result: FlowParser.Result, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Template {
        let step = try #require(result.flow?.steps.first, sourceLocation: sourceLocation)
        guard case .send(let send) = step.kind else {
            Issue.record("expected send, got \(step.kind)", sourceLocation: sourceLocation)
            throw TemplateTestError.notASend
        }
        return send.text
    }

    private enum TemplateTestError: Error { case notASend }

    @Test("variables with paths, the environment and secrets, each at the column of its '$'")
    func references() throws {
        let flow = try FixturePaths.parseValid("070-template-references.flow.yaml")
        guard case .send(let quoted) = flow.steps[0].kind, case .send(let plain) = flow.steps[1].kind else {
            Issue.record("expected two sends, got \(flow.steps.map(\.kind))")
            return
        }
        let references = quoted.text.references
        try #require(references.count == 3)
        #expect(references[0].0 == .variable(name: "order", path: ["id"]))
        #expect(references[1].0 == .environment("USER_NAME"))
        #expect(references[2].0 == .secret("API_TOKEN"))
        #expect(references.map(\.1.lineColumn) == ["4:18", "4:34", "4:56"])
        #expect(quoted.text.literalText == nil)
        #expect(plain.text.sketch == "plain ${order@5:17} text")
    }

    @Test("'$$' and '\\${' write literals, and a bare '$' is text")
    func escapes() throws {
        let flow = try FixturePaths.parseValid("071-template-escapes.flow.yaml")
        let texts: [Template] = flow.steps.compactMap { step in
            switch step.kind {
            case .send(let send): return send.text
            case .log(let line): return line
            default: return nil
            }
        }
        try #require(texts.count == 4)
        #expect(texts[0].parts == [.literal("It costs $5.00")])
        #expect(texts[1].sketch == "Pay $${price@5:18}?")
        guard case .reference(.variable("price", []), _) = texts[1].parts[1] else {
            Issue.record("expected a reference after the escaped '$', got \(texts[1].parts)")
            return
        }
        #expect(texts[2].literalText == "literal ${price} here")
        #expect(texts[3].literalText == "a $ sign")
    }

    @Test(
        "the column of a reference is exact in plain, double- and single-quoted scalars and in flow mappings",
        arguments: [
            ("  - send: ${order}", "3:11"),
            ("  - send: \"${order}\"", "3:12"),
            ("  - send: 'x ${order}'", "3:14"),
            ("  - send: where is ${order} now", "3:20"),
            ("  - send: { text: \"${order}\" }", "3:20"),
            ("  - send: \"caf\u{E9} ${order}\"", "3:17"),
            ("  - send: \"\u{1F600} ${order}\"", "3:14"),
            ("  -   send:    ${order}", "3:16"),
        ])
    func column(line: String, at lineColumn: String) throws {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n\(line)\n")
        #expect(parsed.diagnostics.isEmpty)
        let text = try sendText(parsed)
        #expect(text.references.map(\.1.lineColumn) == [lineColumn])
    }

    @Test("an undefined variable is reported at the column of its '$'")
    func undefinedColumn() throws {
        let messages = try FixturePaths.messages(validating: "flow: f\nvars: { order: A-1 }\nsteps:\n  - send: \"${order} and ${ordr}\"\n")
        #expect(messages == ["undefined variable 'ordr'; did you mean 'order'?"])
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: \"${order} and ${ordr}\"\n")
        #expect(try sendText(parsed).references.map(\.1.lineColumn) == ["3:12", "3:25"])
    }

    @Test(
        "escapes and bare dollars",
        arguments: [
            ("$5.00", [Template.Part.literal("$5.00")]),
            ("costs $", [.literal("costs $")]),
            ("$", [.literal("$")]),
            ("$$", [.literal("$")]),
            ("$${order}", [.literal("${order}")]),
            ("\\${order}", [.literal("${order}")]),
            ("a $ b $$ c", [.literal("a $ b $ c")]),
            ("{order}", [.literal("{order}")]),
        ])
    func literal(text: String, parts: [Template.Part]) throws {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: '\(text)'\n")
        #expect(parsed.diagnostics.isEmpty)
        #expect(try sendText(parsed).parts == parts)
    }

    @Test("adjacent references and reference paths with indexes")
    func adjacent() throws {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: ${a}${b.items.0.sku}\n")
        let text = try sendText(parsed)
        #expect(text.references.map(\.0) == [.variable(name: "a", path: []), .variable(name: "b", path: ["items", "0", "sku"])])
        #expect(text.references.map(\.1.lineColumn) == ["3:11", "3:15"])
        #expect(text.references.map(\.0.description) == ["a", "b.items.0.sku"])
    }

    @Test(
        "malformed references are reported at their '$'",
        arguments: [
            ("${order", "unclosed '${'; write '$${' for a literal '${'"),
            ("${}", "'${}' is not a variable reference; expected '${name}', '${env.NAME}' or '${secret.NAME}'"),
            ("${a..b}", "'${a..b}' is not a variable reference; expected '${name}', '${env.NAME}' or '${secret.NAME}'"),
            ("${a b}", "'${a b}' is not a variable reference; names use letters, digits, '_' and '-'"),
            ("${env}", "'${env}' needs exactly one name after 'env.', like '${env.API_TOKEN}'"),
            ("${secret.A.B}", "'${secret.A.B}' needs exactly one name after 'secret.', like '${secret.API_TOKEN}'"),
        ])
    func malformed(text: String, message: String) {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: 'x \(text)'\n")
        #expect(parsed.diagnostics.map(\.message) == [message])
        #expect(parsed.diagnostics.first?.location.lineColumn == "3:14")
    }

    // MARK: - Columns after YAML rewrote the text

    @Test("a reference after an escape in a double-quoted scalar points at its '$'")
    func columnAfterDoubleQuotedEscape() throws {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: \"a\\tb ${order}\"\n")
        let column = try sendText(parsed).references.first?.1.column
        #expect(column == 17)
    }

    @Test("a reference after '' in a single-quoted scalar points at its '$'")
    func columnAfterSingleQuotedEscape() throws {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: 'it''s ${order}'\n")
        let column = try sendText(parsed).references.first?.1.column
        #expect(column == 18)
    }

    @Test("a reference on the second line of a folded plain scalar points at its line")
    func foldedPlainScalar() throws {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - send: this is a long\n      line ${order}\n")
        let location = try sendText(parsed).references.first?.1
        #expect(location?.lineColumn == "4:12")
    }

    @Test("an undefined variable in an 'if' condition is reported at the variable's name")
    func conditionVariableLocation() throws {
        let text = "flow: f\nvars: { tier: gold }\nsteps:\n  - if: { var: tire, is: gold }\n    then: [{ send: hi }]\n"
        #expect(FixturePaths.parse(text).diagnostics.isEmpty)
        let diagnostics = try FixturePaths.diagnostics(validating: text)
        #expect(diagnostics.map(\.message) == ["undefined variable 'tire'; did you mean 'tier'?"])
        let diagnostic = diagnostics.first
        #expect(diagnostic?.location.lineColumn == "4:16")
    }
}
