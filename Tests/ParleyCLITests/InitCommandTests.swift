import Foundation
import ParleyTesting
import Testing

/// `parley init`, as the built binary: a project that validates and runs at once in an empty
/// folder, whose flows point editors at the schemas it wrote, and that never overwrites a file.
@Suite("parley init")
struct InitCommandTests {
    let executable = ProjectPaths.product("parley")

    /// What init makes, inside the project.
    static let made = [
        "parley.yaml", "agents/support.agent.yaml", "greeting.flow.yaml", "order-status.flow.yaml", ".parley/schema/flow.schema.json",
        ".parley/schema/parley.schema.json", ".parley/schema/events.schema.json", ".gitignore", ".github/workflows/parley.yml",
    ]

    func parley(in folder: URL, environment: [String: String] = [:]) -> CommandRunner {
        CommandRunner(executable: executable, directory: folder, environment: environment)
    }

    @Test("in an empty folder: init lists what it made and the next command; validate and run pass; the reports are written")
    func initThenRun() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await parley(in: folder).run(["init"])
        #expect(made.status == 0, "stderr: \(made.stderr)")
        #expect(made.stdout == Self.made.map { "created \($0)\n" }.joined() + "\nnext: parley run\n")
        let validated = try await parley(in: folder).run(["validate"])
        #expect(validated.status == 0, "stdout: \(validated.stdout)\nstderr: \(validated.stderr)")
        #expect(validated.stdout == "2 flow files and 1 project file: no problems found\n")
        let ran = try await parley(in: folder).run(["run"])
        #expect(ran.status == 0, "stdout: \(ran.stdout)\nstderr: \(ran.stderr)")
        #expect(ran.stdout.contains("2 flows: 2 passed, 0 flaky, 0 failed, 0 skipped in "), "\(ran.stdout)")
        #expect(ran.stderr.isEmpty, "no warnings: \(ran.stderr)")
        let reports = folder.appendingPathComponent("reports")
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="2" failures="0""#))
        for report in ["report.json", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent(report).path), "\(report)")
        }
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("transcripts").path)
        #expect(transcripts.count == 2)
    }

    @Test("every flow's first line names a schema that exists and is `parley schema flow`'s; parley.yaml's is `parley schema project`'s; both files pass them")
    func modelines() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await parley(in: folder).run(["init"]).status == 0)
        let flows = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flow.yaml") }.sorted()
        #expect(flows == ["greeting.flow.yaml", "order-status.flow.yaml"])
        // The files by the schema their modeline names: one `parley schema` and one check_schema.py
        // run per schema, not per file (each run of the checker is most of a second of CPU
        // importing jsonschema), the two schemas' checks at once.
        var named: [URL: (document: String, files: [String])] = [:]
        for (file, document) in flows.map({ ($0, "flow") }) + [("parley.yaml", "project")] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let first = text.prefix { $0 != "\n" }
            let prefix = "# yaml-language-server: $schema="
            #expect(first.hasPrefix(prefix), "\(file): \(first)")
            // The modeline's path is relative to the file, as the YAML language server reads it.
            let schema = folder.appendingPathComponent(String(first.dropFirst(prefix.count))).standardizedFileURL
            #expect(named[schema].map { $0.document == document } ?? true, "\(file) names \(schema.path), a \(named[schema]?.document ?? "") schema")
            named[schema, default: (document, [])].files.append(file)
        }
        #expect(named.count == 2, "one schema for the flows, one for parley.yaml: \(named)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (schema, (document, files)) in named {
                group.addTask {
                    let printed = try await CommandRunner(executable: executable).run(["schema", document])
                    #expect(try String(contentsOf: schema, encoding: .utf8) == printed.stdout, "\(files): \(schema.path)")
                    // The schema is `parley schema`'s (above), which SchemaCommandTests checks against
                    // the meta-schema.
                    let checked = try await PythonTool.script(ProjectPaths.root.appendingPathComponent("scripts/check_schema.py"), directory: folder)
                        .run(["--schema-checked", schema.path] + files)
                    #expect(checked.status == 0, "\(files): \(checked.stdout)\(checked.stderr)")
                    #expect(checked.stdout.contains("checked \(files.count) file(s)"), "\(files): \(checked.stdout)")
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("init twice: the second refuses, exit 2, names every file in the way and changes nothing")
    func refusesTwice() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await parley(in: folder).run(["init"]).status == 0)
        try "edited by hand\n".write(to: folder.appendingPathComponent("greeting.flow.yaml"), atomically: true, encoding: .utf8)
        let before = RunFixtures.texts(under: folder)
        let again = try await parley(in: folder).run(["init"])
        #expect(again.status == 2)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr == "parley init: nothing was written: \(Self.made.joined(separator: ", ")) exist already (--force overwrites)\n")
        #expect(RunFixtures.texts(under: folder) == before)
    }

    @Test("one file in the way (a repository's .gitignore) is named alone, and nothing else is written")
    func oneFileInTheWay() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ".build/\n".write(to: folder.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let refused = try await parley(in: folder).run(["init"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "parley init: nothing was written: .gitignore exists already (--force overwrites)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".gitignore"])
        // --force writes them all, that one too.
        let forced = try await parley(in: folder).run(["init", "--force"])
        #expect(forced.status == 0, "stderr: \(forced.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8).contains("reports/"))
    }

    @Test("init sub/dir makes the folders, says to cd there, and the project runs from outside it too")
    func subfolder() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await parley(in: folder).run(["init", "sub/dir"])
        #expect(made.status == 0, "stderr: \(made.stderr)")
        #expect(made.stdout.hasPrefix("created sub/dir/parley.yaml\n"))
        #expect(made.stdout.hasSuffix("\nnext: cd sub/dir && parley run\n"))
        for file in Self.made {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sub/dir/\(file)").path), "\(file)")
        }
        let ran = try await parley(in: folder).run(["run", "sub/dir"])
        #expect(ran.status == 0, "stdout: \(ran.stdout)\nstderr: \(ran.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sub/dir/reports/junit.xml").path))
    }

    @Test("the network agents commented out in parley.yaml are real settings: uncommented, the project validates")
    func commentedConnectors() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await parley(in: folder).run(["init"]).status == 0)
        let file = folder.appendingPathComponent("parley.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        // `  # name:` opens an agent, `  #   key: value` is one of its settings; prose is neither.
        let agentLine = try Regex(#"^  # ([a-z][a-z0-9_-]*:|  [a-z_]+: .+)$"#)
        var uncommented: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.wholeMatch(of: agentLine) != nil else { return String(line) }
            uncommented.append(String(line))
            return "  " + line.dropFirst(4)
        }
        #expect(uncommented.filter { $0.contains("connector:") }.count == 3, "\(uncommented)")
        for connector in ["agui", "polyai", "cometchat"] { #expect(uncommented.contains("  #   connector: \(connector)")) }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        // With every variable they read, so each setting is checked by its connector too.
        let environment = ["AGENT_TOKEN": "t0ken", "POLY_TOKEN": "p0ly", "COMETCHAT_APP_ID": "app-1", "COMETCHAT_API_KEY": "k3y"]
        let validated = try await parley(in: folder, environment: environment).run(["validate"])
        #expect(validated.status == 0, "stdout: \(validated.stdout)\nstderr: \(validated.stderr)\n\(lines.joined(separator: "\n"))")
        #expect(validated.stderr.isEmpty, "\(validated.stderr)")
        // Misspelt, a setting is an error: the check above would have seen one.
        try lines.joined(separator: "\n").replacingOccurrences(of: "connector_token:", with: "connector_tokn:").write(
            to: file, atomically: true, encoding: .utf8)
        #expect(try await parley(in: folder, environment: environment).run(["validate"]).status == 2)
    }

    @Test("the CI workflow runs `parley run` and keeps the folder the files plugin writes")
    func workflow() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await parley(in: folder).run(["init"]).status == 0)
        let workflow = try String(contentsOf: folder.appendingPathComponent(".github/workflows/parley.yml"), encoding: .utf8)
        let project = try String(contentsOf: folder.appendingPathComponent("parley.yaml"), encoding: .utf8)
        #expect(workflow.contains("        run: parley run\n"))
        #expect(workflow.contains("        if: always()\n        uses: actions/upload-artifact@v4\n"))
        #expect(workflow.contains("          path: reports/\n") && project.contains("files: { dir: reports,"))
        #expect(!workflow.contains("\t"))
    }
}
