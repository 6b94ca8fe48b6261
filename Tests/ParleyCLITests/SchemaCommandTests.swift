import Foundation
import ParleyTesting
import Testing

/// `parley schema`, checked with Python's reference `jsonschema` validator against every example.
@Suite("parley schema")
struct SchemaCommandTests {
    let parley = CommandRunner(executable: ProjectPaths.product("parley"), directory: ProjectPaths.root)

    /// Writes both schemas to a fresh folder and returns it.
    func exportSchemas() async throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        let output = try await parley.run(["schema", "--output-dir", folder.path])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        return folder
    }

    /// Runs scripts/check_schema.py in the test virtualenv. `schemaChecked` skips its check of the
    /// schema itself against the meta-schema (most of a second for the flow schema), for a test
    /// whose schema the examples' test checks.
    func check(schema: URL, files: [String], schemaChecked: Bool = false) async throws -> CommandRunner.Output {
        let script = ProjectPaths.root.appendingPathComponent("scripts/check_schema.py")
        return try await PythonTool.script(script, directory: ProjectPaths.root).run((schemaChecked ? ["--schema-checked"] : []) + [schema.path] + files)
    }

    func exampleFlows() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: ProjectPaths.flows.path)
        return names.filter { $0.hasSuffix(".flow.yaml") }.sorted().map { "Flows/\($0)" }
    }

    @Test("every example flow validates against the flow schema")
    func examplesMatchFlowSchema() async throws {
        let folder = try await exportSchemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = try exampleFlows()
        #expect(flows.count >= 8)
        let output = try await check(schema: folder.appendingPathComponent("flow.schema.json"), files: flows)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("checked \(flows.count) file(s)"))
    }

    @Test("Flows/parley.yaml validates against the project schema")
    func projectMatchesSchema() async throws {
        let folder = try await exportSchemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await check(schema: folder.appendingPathComponent("parley.schema.json"), files: ["Flows/parley.yaml"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    }

    @Test("the schema rejects what the parser rejects: an unknown step and a bad duration")
    func schemaRejectsMistakes() async throws {
        let folder = try await exportSchemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.flow.yaml")
        try "flow: bad\nsteps:\n  - sned: hi\n  - expect: { reply: hi, within: fast }\n".write(to: bad, atomically: true, encoding: .utf8)
        // `parley schema`'s export, which the examples' test checks against the meta-schema.
        let output = try await check(schema: folder.appendingPathComponent("flow.schema.json"), files: [bad.path], schemaChecked: true)
        #expect(output.status == 1)
        // Each at the key that is wrong, not at the step: "not valid under any of the given schemas" says neither.
        #expect(output.stdout.contains("at steps/0: Additional properties are not allowed ('sned' was unexpected)"))
        #expect(output.stdout.contains("at steps/1/expect/within: 'fast' does not match"))
    }

    @Test("the committed schema/ files are what `parley schema` prints today")
    func committedSchemasAreCurrent() async throws {
        let folder = try await exportSchemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["flow.schema.json", "parley.schema.json", "events.schema.json"] {
            let fresh = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let committed = try String(contentsOf: ProjectPaths.root.appendingPathComponent("schema/\(name)"), encoding: .utf8)
            #expect(fresh == committed, "schema/\(name) is stale: run `swift run parley schema --output-dir schema`")
        }
    }

    @Test("`parley schema project` prints the parley.yaml schema")
    func printsProjectSchema() async throws {
        let output = try await parley.run(["schema", "project"])
        #expect(output.status == 0)
        #expect(output.stdout.contains(#""$schema": "https://json-schema.org/draft/2020-12/schema""#))
        #expect(output.stdout.contains(#""title": "Parley project (parley.yaml)""#))
    }

    @Test("`parley schema events` prints the exec plugin's event line schema")
    func printsEventsSchema() async throws {
        let output = try await parley.run(["schema", "events"])
        #expect(output.status == 0)
        #expect(output.stdout.contains(#""$schema": "https://json-schema.org/draft/2020-12/schema""#))
        #expect(output.stdout.contains(#""$id": "events.schema.json""#))
        #expect(output.stdout.contains(#""run_finished": {"#))
    }
}
