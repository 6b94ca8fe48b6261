import Foundation
import ParleyTesting
import Testing

/// `parley validate` and `parley schema`, run as the built binary the way users run them.
@Suite("parley validate")
struct ValidateCommandTests {
    let parley = CommandRunner(executable: ProjectPaths.product("parley"), directory: ProjectPaths.root)

    @Test("the examples in Flows/ validate: exit 0 and no diagnostics")
    func examplesAreClean() async throws {
        let output = try await parley.run(["validate", "Flows"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.contains("no problems found"))
    }

    @Test("a broken flow exits 2 and prints file:line:column, the line and a caret")
    func brokenFlowExitsTwo() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "flow: typo\nsteps:\n  - sned: hi\n".write(to: folder.appendingPathComponent("typo.flow.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: parley.executable, directory: folder).run(["validate", "."])
        #expect(output.status == 2)
        #expect(
            output.stderr == """
                typo.flow.yaml:3:5: error: unknown step 'sned'; did you mean 'send'?
                      - sned: hi
                        ^


                """)
        #expect(output.stdout == "1 flow file and 0 project files: 1 error\n")
    }

    @Test("a mistake in a simulator agent's script is reported like a flow's, and exits 2")
    func brokenAgentScript() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("Flows/agents/demo-support.agent.yaml")
        let text = try String(contentsOf: script, encoding: .utf8)
        try text.replacingOccurrences(of: "  think: 120ms", with: "  thonk: 120ms").write(to: script, atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: parley.executable, directory: folder).run(["validate", "Flows"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("Flows/agents/demo-support.agent.yaml:13:3: error: unknown key 'thonk' in 'timing'; did you mean 'think'?\n"))
    }

    @Test("a missing path exits 2 and says so")
    func missingPath() async throws {
        let output = try await parley.run(["validate", "no/such/folder"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("no/such/folder:1:1: error: no such file or folder"))
    }

    @Test("a folder with nothing to check exits 2")
    func emptyFolder() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: parley.executable, directory: folder).run(["validate"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("nothing to validate"))
    }

    @Test("an unknown subcommand is invalid input: exit 2 and a usage message")
    func usageError() async throws {
        let output = try await parley.run(["validat"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("Unexpected argument 'validat'"))
    }
}
