import ParleyModel
import Testing

@Suite("interpolation and redaction")
struct InterpolationTests {
    let here = SourceLocation(file: "a.flow.yaml", line: 1, column: 1)

    func template(_ parts: Template.Part...) -> Template { Template(parts: parts, location: here) }
    func variable(_ name: String, _ path: String...) -> Template.Part { .reference(.variable(name: name, path: path), here) }

    @Test("variables, JSON paths, env and secrets render; secrets are reported for redaction")
    func renders() throws {
        let context = Interpolation(
            variables: ["order": "A-1042", "customer": .object([JSONMember("tiers", ["gold", "silver"])])],
            environment: { reference in
                switch reference {
                case .environment("REGION"): return "eu"
                case .secret("TOKEN"): return "s3cr3t"
                default: return nil
                }
            })
        let rendered = try context.render(
            template(
                .literal("order "), variable("order"), .literal(" tier "), variable("customer", "tiers", "1"),
                .literal(" in "), .reference(.environment("REGION"), here), .literal(" with "), .reference(.secret("TOKEN"), here)
            )
        ).get()
        #expect(rendered.text == "order A-1042 tier silver in eu with s3cr3t")
        #expect(rendered.secrets == ["s3cr3t"])
    }

    @Test("a send text or matcher operand refuses an empty value; other text takes it")
    func refusesEmpty() {
        let context = Interpolation(variables: ["note": "", "order": "A-1"], environment: { _ in "" })
        let operand = template(.literal("Order "), variable("note")).refusingEmpty
        let result = context.render(operand)
        #expect(throws: Interpolation.Failure.self) { try result.get() }
        if case .failure(let failure) = result {
            #expect(failure.description == "a.flow.yaml:1:1: variable 'note' is empty; an empty value is never sent or matched")
        }
        #expect(throws: Interpolation.Failure.self) { try context.render(template(.reference(.environment("HOME"), here)).refusingEmpty).get() }
        // A whole-variable operand keeps its JSON type, and still may not be empty.
        #expect(throws: Interpolation.Failure.self) { try context.render(ValueTemplate.string(template(variable("note"))).refusingEmpty).get() }
        #expect((try? context.render(ValueTemplate.string(template(variable("order"))).refusingEmpty).get().0) == "A-1")
        // A log line or a `set` value may be empty.
        #expect((try? context.render(template(.literal("note: "), variable("note"))).get().text) == "note: ")
        #expect((try? context.render(ValueTemplate.string(template(variable("note")))).get().0) == "")
    }

    @Test("a missing value fails with the reference and its location")
    func missing() {
        let context = Interpolation()
        let at = SourceLocation(file: "a.flow.yaml", line: 4, column: 12)
        let result = context.render(Template(parts: [.reference(.secret("API_KEY"), at)], location: here))
        #expect(throws: Interpolation.Failure.self) { try result.get() }
        if case .failure(let failure) = result {
            #expect(failure.description == "a.flow.yaml:4:12: secret API_KEY is not set (set API_KEY, or API_KEY_FILE to a file holding it)")
        }
    }

    @Test("a value that is exactly one variable keeps its JSON type")
    func valueKeepsType() throws {
        let context = Interpolation(variables: ["items": [1, 2]])
        let (value, _) = try context.render(ValueTemplate.object([(key: "all", value: .string(template(variable("items"))))])).get()
        #expect(value == .object([JSONMember("all", [1, 2])]))
    }

    @Test("the redactor masks every secret, longest first")
    func redacts() {
        let redactor = Redactor(secrets: ["abc", "abcdef", ""])
        #expect(redactor.redact("token abcdef and abc") == "token *** and ***")
        var more = Redactor()
        more.add(["x1"])
        #expect(more.redact("x1x1") == "******")
    }
}
