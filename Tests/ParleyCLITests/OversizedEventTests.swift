import Foundation
import ParleyTesting
import Testing

/// An AG-UI agent that sends an event above the documented size limit (16 MiB) fails its flow
/// with that reason instead of being held whole, and every report is still written. The agent is
/// `Fixtures/oversized/oversized_agent.py`, a real HTTP server on 127.0.0.1 sending one 50 MB
/// server-sent event, stopped by its PID.
@Suite(.serialized)
struct OversizedEventTests {
    let executable = ProjectPaths.product("parley")

    @Test("a 50 MB server-sent event is refused with the size limit as the reason; reports are complete")
    func sseEventOverTheLimit() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/oversized")
        let agent = try await ReadyServer.start(python: project.appendingPathComponent("oversized_agent.py"))
        defer { agent.stop() }
        let runner = CommandRunner(executable: executable, directory: project, environment: ["OVERSIZED_AGENT": agent.url])
        let output = try await runner.run(["run", "flows"])
        #expect(output.status == 1, "stderr: \(output.stderr)")
        let refusal = "the agent sent an event larger than 16 MiB (the limit); refused"
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        let line = RunFixtures.lines(summary, startingWith: "flows/sse.flow.yaml").first ?? "no failure line"
        #expect(line.hasPrefix("flows/sse.flow.yaml:5:5: \(refusal)"), "\(line)")
        let reports = project.appendingPathComponent("reports")
        let report = try String(contentsOf: reports.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(report.contains(refusal), "\(report.prefix(2000))")
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 1)
        #expect(junit.contains(refusal))
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("transcripts").path).count == 1)
    }
}
