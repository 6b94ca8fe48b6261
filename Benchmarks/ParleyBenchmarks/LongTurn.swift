import Foundation
import ParleyCore
import ParleyParser
import ParleySimulator

/// `parley-benchmarks long-turn`: one reply streamed as N one-character deltas, judged while it
/// streams (issue 22, point 3). Two rows per size: the flow run in this process against the
/// simulator (interpreter, assembly and stream masking; no plugins), and the real `parley run`
/// binary end to end (simulator connector, console and report files, a secret in the masker).
/// Linear work shows as the wall time doubling with N; re-judging the turn per event, as quadrupling.
enum LongTurn {
    /// The agent: a reply of `deltas` one-character chunks ending "the end", inside a run. The chunks
    /// are a block list, one a line: the parser reads a long inline list in time growing with its square.
    static func agentScript(deltas: Int) -> String {
        let text = String(repeating: "x", count: max(0, deltas - 7)) + "the end"
        let chunks = text.map { "            - \"\($0)\"" }.joined(separator: "\n")
        return """
            agent: { id: bench, name: Bench }
            rules:
              - when: { text: story }
                play:
                  - run_started
                  - reply:
                      chunks:
            \(chunks)
                  - run_finished
            """
    }

    /// Every kind of read waits on the turn while the reply streams, then the next send waits for its
    /// end. `parley run` also logs a secret first, so the stream masker has one to look for.
    static func flow(secret: Bool) -> String {
        """
        flow: Long story
        timeout: 300s
        steps:
        \(secret ? "  - log: \"token ${secret.PARLEY_BENCH_TOKEN}\"\n" : "")  - send: story
          - expect: { reply: { contains: "the end" }, latency: { first_token: { lt: 60s } } }
          - expect_no: { run_error: {} }
          - expect_sequence: [run_started, text_delta, { reply: { contains: "the end" } }]
          - capture: { story: { from: reply, regex: "(the end)" } }
          - expect: { text_delta: {}, count: { gte: 1 } }
          - send: story
          - expect: { reply: { contains: "the end" } }
        """
    }

    static let project = """
        agents:
          bench: { connector: simulator, script: bench.agent.yaml }
        defaults: { settle: 10ms }
        """

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// Prints a Markdown table: for each size, the in-process run and `parley run`.
    static func run(parley: URL, sizes: [Int]) async throws {
        setenv("PARLEY_BENCH_TOKEN", "s3cr3t-bench-token", 1)
        print("A reply of N one-character deltas, judged while it streams (two turns per flow):\n")
        print("| deltas per reply | target | outcome | wall |")
        print("| ---: | --- | --- | ---: |")
        for deltas in sizes {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-long-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let scriptPath = folder.appendingPathComponent("bench.agent.yaml").path
            let flowPath = folder.appendingPathComponent("long.flow.yaml").path
            try agentScript(deltas: deltas).write(toFile: scriptPath, atomically: true, encoding: .utf8)
            let inProcessPath = folder.appendingPathComponent("long-in-process.flow.yaml").path
            try flow(secret: true).write(toFile: flowPath, atomically: true, encoding: .utf8)
            try flow(secret: false).write(toFile: inProcessPath, atomically: true, encoding: .utf8)
            try project.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)

            // In this process: the simulator, the runner and the plugin host's masking, no plugins.
            let parsed = FlowParser().parse(path: inProcessPath)
            guard let flow = parsed.flow else { fatalError("the benchmark flow does not parse: \(parsed.diagnostics)") }
            let script = try AgentScriptParser.parse(path: scriptPath).get()
            let planned = [PlannedFlow(flow: flow, path: inProcessPath, connector: SimulatorConnector(script: script))]
            let started = ContinuousClock.now
            let summary = await PluginHost.run(plugins: []) { host in
                await SuiteRunner(clock: SystemClock(), options: SuiteOptions(parallel: 1)).run(planned, host: host)
            }
            let outcome = summary.results.first.map { "\($0.outcome)" } ?? "none"
            print("| \(deltas) | in-process simulator, no plugins | \(outcome) | \(seconds(ContinuousClock.now - started)) |")

            // The real binary: console output and report files (JUnit, JSON, transcripts) as well.
            let reports = folder.appendingPathComponent("reports")
            let begun = ContinuousClock.now
            let child = try ChildProcess.run(
                parley.path,
                ["run", flowPath, "--agent", "bench", "--junit", reports.appendingPathComponent("junit.xml").path,
                 "--json", reports.appendingPathComponent("report.json").path, "--transcripts", reports.appendingPathComponent("t").path],
                output: folder.appendingPathComponent("run.log").path)
            let wall = ContinuousClock.now - begun
            let result = child.status == 0 ? "passed" : "exit \(child.status)"
            print("| \(deltas) | `parley run` (console, JUnit, JSON, transcript) | \(result) | \(seconds(wall)) |")
            if child.status != 0 {
                let log = (try? String(contentsOf: folder.appendingPathComponent("run.log"), encoding: .utf8)) ?? ""
                print("\n`parley run` exited \(child.status); the end of its output:\n\(log.suffix(2000))\n")
            }
        }
    }
}
