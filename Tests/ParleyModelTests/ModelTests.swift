import ParleyModel
import Testing

@Suite("model values")
struct ModelTests {
    let here = SourceLocation(file: "a.flow.yaml", line: 3, column: 9)

    @Test("a location prints as file:line:column and moves right within its line")
    func location() {
        #expect(here.description == "a.flow.yaml:3:9")
        #expect(here.advanced(by: 4).description == "a.flow.yaml:3:13")
        // Named from another place: without the path in the same file, whole in another.
        #expect(here.described(from: SourceLocation(file: "a.flow.yaml", line: 7, column: 1)) == "line 3, column 9")
        #expect(here.described(from: SourceLocation(file: "rows.csv", line: 3, column: 9)) == "a.flow.yaml:3:9")
    }

    @Test("a template without references has literal text; one with references has none")
    func templateLiteral() {
        #expect(Template(literal: "Price is $5.00", location: here).literalText == "Price is $5.00")
        let mixed = Template(parts: [.literal("Order "), .reference(.variable(name: "order", path: []), here)], location: here)
        #expect(mixed.literalText == nil)
        #expect(mixed.references.map(\.0) == [.variable(name: "order", path: [])])
    }

    @Test("references print as written between the braces")
    func referenceDescription() {
        #expect(Reference.variable(name: "order", path: ["items", "0"]).description == "order.items.0")
        #expect(Reference.environment("HOME").description == "env.HOME")
        #expect(Reference.secret("TOKEN").description == "secret.TOKEN")
    }

    @Test("value templates list their templates depth first")
    func valueTemplates() {
        let a = Template(literal: "a", location: here)
        let b = Template(literal: "b", location: here)
        let value = ValueTemplate.object([(key: "x", value: .string(a)), (key: "y", value: .array([.number(1), .string(b)]))])
        #expect(value.templates == [a, b])
        #expect(value == .object([(key: "x", value: .string(a)), (key: "y", value: .array([.number(1), .string(b)]))]))
        #expect(value != .object([(key: "y", value: .string(a))]))
    }

    @Test("JSON prints with stable key order and escapes")
    func jsonText() {
        let value = JSONValue.object([JSONMember("b", 1), JSONMember("a", ["x\n\"y\"", true, .null, .number(1.5)])])
        #expect(
            value.prettyPrinted() == """
                {
                  "b": 1,
                  "a": [
                    "x\\n\\"y\\"",
                    true,
                    null,
                    1.5
                  ]
                }
                """)
        #expect(value["b"] == 1)
        #expect(JSONValue.quoted("\u{1}") == "\"\\u0001\"")
    }

    @Test("every event kind with a primary field lists that field")
    func primaryFieldsAreFields() {
        for kind in EventKind.allCases {
            if let primary = kind.primaryField {
                #expect(kind.fields.map(\.name).contains(primary), "\(kind.rawValue)")
            }
        }
    }

    @Test("every step, event, field, latency, matcher keyword and header key says what it is")
    func everythingDescribed() {
        let summaries =
            StepKeyword.allCases.map(\.summary) + EventKind.allCases.map(\.summary) + LatencyMeasure.allCases.map(\.summary)
            + MatcherKeyword.allCases.map(\.summary) + FlowKey.allCases.map(\.summary) + ProjectKey.allCases.map(\.summary)
            + EventKind.allCases.flatMap { $0.fields.map(\.summary) }
        for summary in summaries {
            #expect(summary.count > 8 && summary.hasSuffix("."), "\(summary)")
        }
        for kind in EventKind.allCases {
            #expect(Set(kind.fields.map(\.name)).count == kind.fields.count, "\(kind.rawValue) names a field twice")
        }
    }

    @Test("a matcher keyword's aliases are no keyword themselves, and each names one keyword")
    func matcherAliases() {
        let keywords = MatcherKeyword.allCases.map(\.rawValue)
        let aliases = MatcherKeyword.allCases.flatMap(\.aliases)
        #expect(Set(aliases).count == aliases.count)
        #expect(Set(aliases).isDisjoint(with: keywords))
        #expect(MatcherKeyword.contains.aliases.contains("include"))
        #expect(aliases.allSatisfy { $0 == $0.lowercased() && !$0.contains("-") }, "aliases are matched lowercased, with _ for -")
    }

    @Test("handoff outcomes are the terminal stages")
    func handoffOutcomes() {
        #expect(HandoffStage.outcomes.map(\.rawValue) == ["live_agent_joined", "failed", "timed_out", "client_handoff_required"])
    }
}
