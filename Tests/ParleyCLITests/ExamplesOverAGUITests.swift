import Foundation
import ParleyTesting
import Testing

/// The example flows, written against the embedded simulator, run unchanged over the wire: the
/// same agent script served by `parley serve` and reached through the `demo-agui` agent of
/// Flows/parley.yaml (README, "Serving the simulator over AG-UI").
struct ExamplesOverAGUITests {
    let executable = ProjectPaths.product("parley")

    @Test("every example flow (but the PolyAI ones, which assert PolyAI's delivery and connection events) passes against parley serve through the AG-UI connector")
    func examplesPassOverAGUI() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = folder.appendingPathComponent("Flows")
        let server = try await ReadyServer.start(
            executable: executable,
            arguments: ["serve", "--port", "0", "--agent-script", flows.appendingPathComponent("agents/demo-support.agent.yaml").path])
        defer { server.stop() }
        // The examples' parley.yaml names port 8765; this run uses the free port the server took.
        let project = flows.appendingPathComponent("parley.yaml")
        let text = try String(contentsOf: project, encoding: .utf8)
        #expect(text.contains("demo-agui: { connector: agui, url: \"http://127.0.0.1:8765/\""))
        try text.replacingOccurrences(of: "http://127.0.0.1:8765/", with: server.url).write(to: project, atomically: true, encoding: .utf8)

        let output = try await CommandRunner(executable: executable, directory: folder).run(
            ["run", "Flows", "--agent", "demo-agui", "--exclude-tag", "polyai", "--exclude-tag", "cometchat", "--exclude-tag", "meaning", "--parallel", "8"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(output.stdout.contains("16 flows: 16 passed, 0 flaky, 0 failed, 0 skipped"), "\(output.stdout)")
        // The transcripts show the wire was used: runs carry the connector's run ids.
        let transcript = try String(
            contentsOf: flows.appendingPathComponent("reports/transcripts").appendingPathComponent(
                try FileManager.default.contentsOfDirectory(atPath: flows.appendingPathComponent("reports/transcripts").path).sorted()[0]),
            encoding: .utf8)
        #expect(transcript.contains("-run-1"), "\(transcript.prefix(600))")

        // A second run against the same long-lived server starts new threads, so nothing of the
        // first run's conversations leaks into it.
        let again = try await CommandRunner(executable: executable, directory: folder).run(
            ["run", "Flows/01-order-status.flow.yaml", "Flows/08-approval.flow.yaml", "--agent", "demo-agui"])
        #expect(again.status == 0, "stdout: \(again.stdout)\nstderr: \(again.stderr)")
        #expect(again.stdout.contains("3 flows: 3 passed"), "\(again.stdout)")
    }
}
