import Foundation
import ParleyTesting
import Testing

/// An AG-UI agent that answers badly fails its flow with a readable reason, and every report is
/// still written. The agent is `Fixtures/agui-faults/misbehaving_agent.py`, a real HTTP server on
/// 127.0.0.1 that misbehaves one way per path.
@Suite(.serialized)
struct AGUIFaultTests {
    let executable = ProjectPaths.product("parley")

    @Test("each way an AG-UI agent can fail gives its own readable reason; reports are complete")
    func faultsAreReadable() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/agui-faults")
        let agent = try await ReadyServer.start(python: project.appendingPathComponent("misbehaving_agent.py"))
        defer { agent.stop() }
        let runner = CommandRunner(executable: executable, directory: project, environment: ["FAULTY_AGENT": agent.url])
        let output = try await runner.run(["run", "flows", "--parallel", "4"])
        #expect(output.status == 1, "stderr: \(output.stderr)")
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        let failures = Dictionary(
            RunFixtures.lines(summary, startingWith: "flows/").map { line in
                (String(line.prefix { $0 != "." }), line)
            }, uniquingKeysWith: { first, _ in first })
        let expected: [String: String] = [
            "flows/status-500": "answered HTTP 500 Internal Server Error: upstream model unavailable",
            "flows/html": "answered with content type text/html, not text/event-stream: <html><body>Login required</body></html>",
            // Never ends, never falls silent: refused once 4 KiB of it say why, not at the step's deadline.
            "flows/endless": "answered with content type text/plain, not text/event-stream: log line 1: nothing to see here",
            "flows/drop": "dropped the connection before the run finished",
            "flows/hang": "sent nothing for 2s during a run",
            "flows/garbage": "not an AG-UI event",
            "flows/violation": "RUN_FINISHED while text message m1 is still open",
            "flows/run-error": #"the agent's run failed: run_error "the model provider rejected the request" (code provider_error)"#,
            "flows/no-finish": "RUN_FINISHED",
            "flows/refused": "could not connect to the agent at http://127.0.0.1:9/",
        ]
        for (flow, reason) in expected {
            let line = failures[flow] ?? "no failure line for \(flow)"
            #expect(line.contains(reason), "\(flow): \(line)")
            #expect(line.contains(".flow.yaml:"), "\(flow) names no location: \(line)")
        }
        #expect(failures["flows/ok"] == nil, "the well-behaved agent's flow failed: \(summary)")
        #expect(summary.contains("11 flows: 1 passed, 0 flaky, 10 failed"), "\(summary)")
        // Every report is written, with every flow in it.
        let reports = project.appendingPathComponent("reports")
        let report = try String(contentsOf: reports.appendingPathComponent("report.json"), encoding: .utf8)
        for flow in expected.keys { #expect(report.contains(flow.replacingOccurrences(of: "flows/", with: "AG-UI agent ")), "\(flow) missing from report.json") }
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 11)
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("transcripts").path)
        #expect(transcripts.count == 11)
    }
}
