import Foundation
import ParleyTesting
import Testing

/// `parley run` with an `exec` plugin in parley.yaml: the program runs in the project's folder and
/// reads the run's events, the last one the run's summary.
@Suite("parley run: exec plugin")
struct ExecPluginRunTests {
    @Test("a shell program named in parley.yaml reads every event of the run, ending with run_finished")
    func shellProgramReadsTheRun() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/webhook")
        var config = try String(contentsOf: project.appendingPathComponent("parley.yaml"), encoding: .utf8)
        config += """
              - exec: { command: sh, args: [-c, 'cat > "$EVENTS"'], env: { EVENTS: events.jsonl }, flush: 5s }

            """
        try config.write(to: project.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: ProjectPaths.product("parley"), directory: project).run(["run", "."])
        #expect(output.status == 1, "one flow fails; the plugin does not change that\nstdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(!output.stdout.contains("exec:"), "no plugin failure: \(output.stdout)")

        let text = try String(contentsOf: project.appendingPathComponent("events.jsonl"), encoding: .utf8)
        let lines = try text.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.allSatisfy { $0["version"] as? Int == 1 })
        #expect(lines.first?["type"] as? String == "run_started" && lines.first?["flows"] as? Int == 2)
        let finished = lines.filter { $0["type"] as? String == "flow_finished" }.compactMap { $0["flow"] as? String }
        #expect(Set(finished) == ["1-delayed.flow.yaml", "2-shipped.flow.yaml"])
        let replies = lines.filter { $0["type"] as? String == "agent_event" && $0["kind"] as? String == "reply" }
        #expect(replies.count >= 2)
        let last = try #require(lines.last)
        #expect(last["type"] as? String == "run_finished")
        let summary = try #require(last["summary"] as? [String: Any])
        #expect(summary["succeeded"] as? Bool == false)
        #expect((summary["counts"] as? [String: Any])?["total"] as? Int == 2)
        #expect(summary["plugin_failures"] as? [Any] != nil && (summary["plugin_failures"] as? [Any])?.isEmpty == true)
    }

    @Test("a program that is not there is a mistake in parley.yaml: validate and run say so at its entry (exit 2), nothing runs")
    func missingProgramIsInvalidInput() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/webhook")
        var config = try String(contentsOf: project.appendingPathComponent("parley.yaml"), encoding: .utf8)
        config += """
              - exec: { command: plugins/notify.py }

            """
        try config.write(to: project.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let line = config.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("- exec:") }! + 1
        let runner = CommandRunner(executable: ProjectPaths.product("parley"), directory: project)
        for command in ["validate", "run"] {
            let output = try await runner.run([command, "."])
            #expect(output.status == 2, "\(command): \(output.stderr)")
            #expect(output.stderr.contains("parley.yaml:\(line):5: error: exec: cannot start plugins/notify.py: no such file: "), "\(command): \(output.stderr)")
            #expect(!output.stdout.contains(" passed, "), "nothing ran: \(output.stdout)")
        }
    }
}
