import Foundation
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyRunner
import ParleyServer
import ParleyTesting
import Testing

/// The AG-UI connector made in this process, run by the runner against an `AGUIServer` in this
/// process on 127.0.0.1 playing the examples' agent: ParleyCLITests/ExamplesOverAGUITests at unit
/// size, with no process started. A connector bug fails here before it fails the binary's test.
// scripts/test runs this suite in its real-time group, beside the in-process tests rather than
// among them: the examples run in real time with their latency budgets (a 1 s first token took
// 5.1 s amid the 1,300 in-process tests at load 18).
@Suite("agui connector, in process")
struct AGUIConnectorLiveTests {
    @Test("every example flow but the PolyAI, CometChat and model ones passes through the AG-UI connector; a second run starts new threads")
    func examplesPassOverAGUI() async throws {
        let copy = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: copy) }
        let flows = copy.appendingPathComponent("Flows")
        try FileManager.default.copyItem(at: ProjectPaths.flows, to: flows)
        try? FileManager.default.removeItem(at: flows.appendingPathComponent("reports"))
        let server = try AGUIServer(scriptPath: flows.appendingPathComponent("agents/demo-support.agent.yaml").path)
        let (first, second) = try await server.withListening { url in
            // The examples' parley.yaml names port 8765; this run uses the free port the server took.
            let project = flows.appendingPathComponent("parley.yaml")
            let text = try String(contentsOf: project, encoding: .utf8)
            try text.replacingOccurrences(of: "http://127.0.0.1:8765/", with: url.absoluteString).write(to: project, atomically: true, encoding: .utf8)
            var request = RunRequest(paths: [flows.path])
            request.agent = "demo-agui"
            request.excludeTags = ["polyai", "cometchat", "meaning"]
            // All at once: the scripted agent thinks in real time, and 4 at a time took 11 s.
            request.parallel = 16
            request.pluginSettings["log"] = ["level": "error"]
            let runner = Runner()
            let first = try await runner.run(request).get()
            // Against the same long-lived server, new threads: nothing of the first run leaks in.
            request.paths = ["01-order-status.flow.yaml", "08-approval.flow.yaml"].map { flows.appendingPathComponent($0).path }
            request.excludeTags = []
            let second = try await runner.run(request).get()
            return (first, second)
        }
        let failures = FlowFailure.failures(of: .success(first)) + FlowFailure.failures(of: .success(second))
        #expect(failures.isEmpty, "\(failures)")
        #expect(first.results.count == 16 && first.passed == 16, "\(first.results.map { "\($0.run.path): \($0.outcome)" })")
        #expect(second.results.count == 3 && second.passed == 3)
        // The transcripts show the wire was used: runs carry the connector's run ids.
        let transcripts = flows.appendingPathComponent("reports/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: transcripts.path).sorted().first)
        let transcript = try String(contentsOf: transcripts.appendingPathComponent(name), encoding: .utf8)
        #expect(transcript.contains("-run-1"), "\(transcript.prefix(600))")
    }
}
