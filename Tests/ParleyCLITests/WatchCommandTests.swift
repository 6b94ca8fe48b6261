import Foundation
import ParleyTesting
import Testing

/// `parley run --watch`, as the built binary: the first run, then a rerun of what each edit
/// touched, each with its line, until Ctrl-C. Every wait is on a line the process prints.
@Suite("parley run --watch")
struct WatchCommandTests {
    let executable = ProjectPaths.product("parley")

    /// Replaces `old` with `new` in `file`, as an editor's save would.
    static func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(file.lastPathComponent) holds no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("an edit reruns its flow (a failure, then a pass), an include's its includer, an agent script's every flow; a broken flow waits; Ctrl-C exits 0")
    func watch() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/watch")
        let order = project.appendingPathComponent("1-order.flow.yaml")
        let run = try LiveRun(executable, ["run", "--watch"], in: project)
        run.killIfRunning(after: .seconds(120))

        // The first run, as without --watch, then what is watched: two flows, the include,
        // parley.yaml and the agent script.
        await run.readOutput(until: "watching 5 files for changes (Ctrl-C to stop)\n")
        #expect(run.output.contains("2 flows: 2 passed, 0 flaky, 0 failed, 0 skipped in "), "\(run.output)")

        // An expectation that no longer holds: only that flow runs, and fails, saying why.
        try Self.edit(order, "contains: delayed", "contains: shipped")
        await run.readOutput(until: "changed: 1-order.flow.yaml — 1 flow: 0 passed, 1 failed\n")
        #expect(run.output.contains(#"1-order.flow.yaml:4:5: expected reply containing "shipped""#), "\(run.output)")
        #expect(!run.output.contains("changed: 1-order.flow.yaml — 2 flows"))

        // Put back: it passes again.
        try Self.edit(order, "contains: shipped", "contains: delayed")
        await run.readOutput(until: "changed: 1-order.flow.yaml — 1 flow: 1 passed, 0 failed\n")

        // An included file: the flow that includes it, and no other.
        try Self.edit(project.appendingPathComponent("common/greet.yaml"), "contains: Hello", "contains: How can I help")
        await run.readOutput(until: "changed: common/greet.yaml — 1 flow: 1 passed, 0 failed\n")

        // The agent script every flow talks to: every flow.
        try Self.edit(folder.appendingPathComponent("Fixtures/failing/agents/echo.agent.yaml"), "is delayed", "is delayed, sorry")
        await run.readOutput(until: "changed: ../failing/agents/echo.agent.yaml — 2 flows: 2 passed, 0 failed\n")

        // A flow that no longer parses: the problems, nothing runs, the watch goes on; fixed, it runs.
        try Self.edit(order, "- send:", "- sned:")
        await run.readOutput(until: "changed: 1-order.flow.yaml — 1 error, nothing ran; waiting for the next change\n")
        try Self.edit(order, "- sned:", "- send:")
        await run.readOutput(until: "changed: 1-order.flow.yaml — 1 flow: 1 passed, 0 failed\n", count: 2)

        // A new flow file is found and run.
        try "flow: New\nsteps:\n  - expect: { reply: { contains: Hello } }\n".write(
            to: project.appendingPathComponent("3-new.flow.yaml"), atomically: true, encoding: .utf8)
        await run.readOutput(until: "changed: 3-new.flow.yaml — 1 flow: 1 passed, 0 failed\n")

        run.signal(SIGINT)
        let status = await run.finish()
        #expect(status == 0, "stdout: \(run.output)\nstderr: \(run.errors)")
        #expect(run.errors.contains("1-order.flow.yaml:3:5: error: unknown step 'sned'; did you mean 'send'?"), "\(run.errors)")
        // The reports are the last rerun's.
        let report = try String(contentsOf: project.appendingPathComponent("reports/report.json"), encoding: .utf8)
        #expect(report.contains("3-new.flow.yaml"))
    }

    @Test("a path with nothing to watch is invalid input, as without --watch: exit 2")
    func nothingToWatch() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: executable, directory: folder).run(["run", "--watch", "missing"])
        #expect(output.status == 2, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(output.stderr.contains("missing:1:1: error: no such file or folder"), "\(output.stderr)")
    }
}
