import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// The schemas an editor reads: every key explains itself, and a misspelt key is what a
/// validator names, checked with Python's reference `jsonschema` (its `best_match`, the message
/// `jsonschema.validate` and editors show).
@Suite("schema: descriptions and errors")
struct SchemaTests {
    /// The path of every property in `schema` that has no non-empty description.
    static func undescribed(in schema: JSONValue, at path: String = "#") -> [String] {
        switch schema {
        case .object(let members):
            var missing: [String] = []
            for member in members {
                if member.key == "properties", case .object(let properties) = member.value {
                    for property in properties {
                        guard case .object(let fields) = property.value, case .string(let text)? = fields.first(where: { $0.key == "description" })?.value,
                            !text.trimmingCharacters(in: .whitespaces).isEmpty
                        else {
                            missing.append("\(path)/properties/\(property.key)")
                            continue
                        }
                    }
                }
                missing += undescribed(in: member.value, at: "\(path)/\(member.key)")
            }
            return missing
        case .array(let items):
            return items.enumerated().flatMap { undescribed(in: $1, at: "\(path)/\($0)") }
        case .null, .bool, .number, .string:
            return []
        }
    }

    @Test("every property of the flow and project schemas has a description")
    func everyPropertyDescribed() {
        for schema in [SchemaExporter.flowSchema(), SchemaExporter.projectSchema()] {
            let missing = Self.undescribed(in: schema)
            #expect(missing.isEmpty, "\(missing.count) without a description: \(missing.prefix(20))")
        }
        // The walk finds what it should: a property without one is reported.
        let bare = JSONValue.object([JSONMember("properties", .object([JSONMember("x", .object([]))]))])
        #expect(Self.undescribed(in: bare) == ["#/properties/x"])
    }

    @Test("each step, event, field and matcher keyword is described from the parser's tables")
    func descriptionsFromTables() {
        let text = SchemaExporter.flowSchema().prettyPrinted()
        for described in [
            StepKeyword.expectSequence.summary, EventKind.toolCall.summary, MatcherKeyword.icontains.summary,
            EventKind.handoff.fields.first { $0.name == "queue_position" }!.summary, FlowKey.timeout.summary,
        ] {
            #expect(text.contains(described), "\(described)")
        }
        let project = SchemaExporter.projectSchema().prettyPrinted()
        #expect(project.contains(Catalog.log.settings[0].description))
        #expect(project.contains(ProjectKey.defaults.summary))
    }

    /// A flow or parley.yaml with one mistake, and what the validator's best match must name.
    struct Mistake: CustomTestStringConvertible, Sendable {
        var schema: String
        var text: String
        var named: String
        var testDescription: String { "\(schema): \(named)" }
    }

    static let mistakes: [Mistake] = [
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - sned: hi\n", named: "'sned' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - expect: { replly: hi }\n", named: "'replly' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - expect: { reply: { include: shipped } }\n", named: "'include' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - expect: { reply: { text: { contians: x } } }\n", named: "'contians' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - expect: { reply: hi, timeout: 5s }\n", named: "'timeout' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - click: { elemnt: ok }\n", named: "'elemnt' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nsteps:\n  - if: { recieved: reply }\n    then: [{ send: hi }]\n", named: "'recieved' was unexpected"),
        Mistake(schema: "flow", text: "flow: f\nagent: { connector: agui, url: \"http://x\", timout: 5s }\nsteps: [{ send: hi }]\n", named: "'timout' was unexpected"),
        Mistake(schema: "project", text: "plugins:\n  - log: { levle: info }\n", named: "'levle' was unexpected"),
        Mistake(schema: "project", text: "plugins:\n  - log: { level: verbose }\n", named: "'verbose' is not one of ['error', 'warning', 'info', 'debug']"),
        Mistake(schema: "project", text: "plugins:\n  - webhook: { url: \"http://x\", format: slak }\n", named: "'slak' is not one of ['json', 'slack']"),
        Mistake(schema: "project", text: "agents:\n  demo: { connector: agui, url: \"http://x\", hedaers: {} }\n", named: "'hedaers' was unexpected"),
        Mistake(schema: "project", text: "defaults: { agent: demo, timout: 5s }\n", named: "'timout' was unexpected"),
    ]

    @Test("a validator names the misspelt key or the wrong value, not \"not valid under any of the given schemas\"")
    func bestMatchNamesTheMistake() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = ["flow": SchemaExporter.flowSchema(), "project": SchemaExporter.projectSchema()]
        for (name, schema) in schemas {
            try schema.prettyPrinted().write(to: folder.appendingPathComponent("\(name).schema.json"), atomically: true, encoding: .utf8)
        }
        var files: [String: [(path: String, mistake: Mistake)]] = [:]
        for (index, mistake) in Self.mistakes.enumerated() {
            let path = folder.appendingPathComponent("\(index).yaml").path
            try mistake.text.write(toFile: path, atomically: true, encoding: .utf8)
            files[mistake.schema, default: []].append((path, mistake))
        }
        let runner = PythonTool.script(ProjectPaths.root.appendingPathComponent("scripts/check_schema.py"), directory: ProjectPaths.root)
        for (name, cases) in files {
            let schema = folder.appendingPathComponent("\(name).schema.json").path
            // The exporter's schemas, which SchemaCommandTests checks against the meta-schema.
            let output = try await runner.run(["--best-match", "--schema-checked", schema] + cases.map(\.path))
            #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
            let lines = output.stdout.split(separator: "\n").map(String.init)
            for (path, mistake) in cases {
                let reported = lines.filter { $0.hasPrefix(path + ": ") }
                #expect(reported.count == 1, "\(mistake.text)\(output.stdout)")
                #expect(reported.first?.contains(mistake.named) == true, "\(mistake.text)→ \(reported)")
            }
        }
    }
}
