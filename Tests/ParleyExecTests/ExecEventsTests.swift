import Foundation
import ParleyCore
import ParleyExec
import ParleyModel
import ParleyTesting
import Testing

/// What programs read: every event of the run as a versioned JSON line, then `run_finished`, in
/// the format `parley schema events` describes, checked by programs in Python and in shell.
@Suite("exec plugin: event lines")
struct ExecEventsTests {
    @Test("a Python plugin reads every event as a versioned JSON line, then run_finished; every line matches the schema, with no key it does not document")
    func pythonPlugin() async throws {
        let run = try ExecRun()
        let schema = try run.schemaFile()
        let sink = ExecRun.fixtures.appendingPathComponent("event_sink.py").path
        let plugin = run.plugin(ExecPlugin.Options(command: ProjectPaths.python.path, args: [sink, schema.path, "seen.jsonl"]))
        let summary = await ExecRun.run(plugin)
        // The sink exits 1 with the validator's messages on stderr when a line fails: they would be here.
        #expect(ExecRun.failures(summary) == [])
        let seen = try run.text("seen.jsonl")
        #expect(seen == ExecRun.expectedText())

        let lines = try seen.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.count == SampleRun.events().count + 1)
        #expect(lines.allSatisfy { $0["version"] as? Int == 1 })
        #expect(lines.first?["type"] as? String == "run_started")
        #expect(lines.first?["flows"] as? Int == 4)
        #expect((lines.first?["runs"] as? [[String: Any]])?.map { $0["id"] as? String } == ["Flows/01-order.flow.yaml", "Flows/02-refund.flow.yaml", "Flows/03-greeting.flow.yaml", "Flows/04-handoff.flow.yaml#row2"])
        // Every kind of event has its line.
        let types = Set(lines.compactMap { $0["type"] as? String })
        #expect(types == ["run_started", "flow_started", "step_started", "user_action", "agent_event", "step_finished", "log", "flow_finished", "run_finished"])
        let last = try #require(lines.last)
        #expect(last["type"] as? String == "run_finished")
        #expect(last["suite_time"] as? Double == 6)
        let report = try #require(last["summary"] as? [String: Any])
        #expect((report["counts"] as? [String: Int]) == ["total": 4, "passed": 1, "flaky": 1, "failed": 1, "skipped": 1])
        #expect(report["plugin_failures"] as? [String] == ["webhook: POST http://127.0.0.1:9/hook answered 500"])
        // A flow line's time counts from its flow's start: the order flow started at 0.01s.
        let log = try #require(lines.first { $0["type"] as? String == "log" })
        #expect(log["flow"] as? String == "Flows/01-order.flow.yaml" && log["text"] as? String == "order checked")
        #expect(log["time"] as? Double == 0.16 && log["suite_time"] as? Double == 0.17)
    }

    @Test("a shell script named by a relative path runs in the plugin's folder and gets the same lines")
    func shellScript() async throws {
        let run = try ExecRun()
        let script = run.folder.appendingPathComponent("plugins/record.sh")
        try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/sh\ncat > received.jsonl\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let summary = await ExecRun.run(run.plugin(ExecPlugin.Options(command: "plugins/record.sh")))
        #expect(ExecRun.failures(summary) == [])
        #expect(try run.text("received.jsonl") == ExecRun.expectedText())
    }

    @Test("env: adds variables to the environment parley inherited; a bare command is found on PATH")
    func environment() async throws {
        let run = try ExecRun()
        let options = ExecPlugin.Options(
            command: "sh", args: ["-c", #"cat > "$EVENTS"; printf '%s\n%s' "$CHANNEL" "$HOME" > env.txt"#],
            env: ["EVENTS": "events.jsonl", "CHANNEL": "qa-alerts"])
        let summary = await ExecRun.run(run.plugin(options))
        #expect(ExecRun.failures(summary) == [])
        #expect(try run.text("events.jsonl") == ExecRun.expectedText())
        #expect(try run.text("env.txt") == "qa-alerts\n" + (ProcessInfo.processInfo.environment["HOME"] ?? ""))
    }

    @Test("a run with no events still gives the program run_finished")
    func emptyRun() async throws {
        let run = try ExecRun()
        let summary = RunSummary(results: [], startedAt: SampleRun.startedAt, duration: .zero)
        let plugin = run.plugin(ExecPlugin.Options(command: "/bin/sh", args: ["-c", "cat > events.jsonl"]))
        let finished = await ExecRun.run(plugin, events: [], summary: summary)
        #expect(ExecRun.failures(finished) == [])
        #expect(try run.text("events.jsonl") == ExecRun.expectedText(events: [], summary: summary))
    }

    @Test("the published schema is open: a type or key it does not know passes; a known line missing a key does not")
    func schemaIsOpen() async throws {
        let run = try ExecRun()
        let schema = try run.schemaFile()
        let input = run.folder.appendingPathComponent("lines.jsonl")
        func check(_ lines: [String], open: Bool = true) async throws -> CommandRunner.Output {
            try lines.map { $0 + "\n" }.joined().write(to: input, atomically: true, encoding: .utf8)
            let sink = ExecRun.fixtures.appendingPathComponent("event_sink.py").path
            return try await CommandRunner(executable: ProjectPaths.python).run(
                [sink] + (open ? ["--open"] : []) + [schema.path, run.folder.appendingPathComponent("out.jsonl").path, input.path])
        }
        let later = [
            #"{"version":1,"type":"monitor_sample","suite_time":1,"cpu":0.5}"#,
            #"{"version":1,"type":"log","time":0,"suite_time":1,"flow":"a.flow.yaml","text":"hi","level":"info"}"#,
        ]
        let open = try await check(later)
        #expect(open.status == 0, "\(open.stderr)")
        // The tests' closed reading of the schema would catch an undocumented key in parley's own lines.
        let closed = try await check(later, open: false)
        #expect(closed.status == 1 && closed.stderr.contains("'level' was unexpected"), "\(closed.stderr)")
        let missing = try await check([#"{"version":1,"type":"log","time":0,"suite_time":1,"flow":"a.flow.yaml"}"#, #"{"type":"log"}"#])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("line 1 (log): at (root): 'text' is a required property"), "\(missing.stderr)")
        #expect(missing.stderr.contains("line 2 (log): at (root): 'version' is a required property"), "\(missing.stderr)")
    }
}
