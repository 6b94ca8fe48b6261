import Foundation
import ParleyTesting
import Testing

/// The PolyAI examples of Flows/polyai/ against `parley serve --protocol polyai` as its own
/// process, reached through the `demo-poly-wire` agent of Flows/parley.yaml (the README's first
/// command runs them against the same server inside `parley run`, through `serve:`).
struct ExamplesOverPolyAITests {
    let executable = ProjectPaths.product("parley")

    @Test("every PolyAI example passes against parley serve --protocol polyai, and the transcripts show one session per flow")
    func examplesPassOverPolyAI() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = folder.appendingPathComponent("Flows")
        let server = try await ReadyServer.start(
            executable: executable,
            arguments: [
                "serve", "--protocol", "polyai", "--port", "0", "--agent-script",
                flows.appendingPathComponent("agents/demo-support.agent.yaml").path,
            ])
        defer { server.stop() }
        // The examples' parley.yaml names port 8766; this run uses the free port the server took.
        let project = flows.appendingPathComponent("parley.yaml")
        let text = try String(contentsOf: project, encoding: .utf8)
        #expect(text.contains("http://127.0.0.1:8766/api/v1") && text.contains("ws://127.0.0.1:8766/ws"))
        let base = server.url.hasSuffix("/") ? String(server.url.dropLast()) : server.url
        try text.replacingOccurrences(of: "http://127.0.0.1:8766", with: base)
            .replacingOccurrences(of: "ws://127.0.0.1:8766", with: "ws" + base.dropFirst("http".count))
            .write(to: project, atomically: true, encoding: .utf8)

        let output = try await CommandRunner(executable: executable, directory: folder).run(
            ["run", "Flows/polyai", "--agent", "demo-poly-wire", "--parallel", "6"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(output.stdout.contains("6 flows: 6 passed, 0 flaky, 0 failed, 0 skipped"), "\(output.stdout)")
        // The reconnect example reconnected and reported each message once.
        let transcripts = flows.appendingPathComponent("reports/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: transcripts.path).first { $0.contains("06-reconnect") })
        let transcript = try String(contentsOf: transcripts.appendingPathComponent(name), encoding: .utf8)
        let lines = transcript.split(separator: "\n")
        #expect(lines.filter { $0.contains(#""kind": "reply""#) && $0.contains("Standard delivery") }.count == 1)
        #expect(lines.filter { $0.contains(#""kind": "reply""#) && $0.contains("Express delivery") }.count == 1)
        #expect(lines.contains { $0.contains(#""state": "reconnecting""#) })
    }
}
