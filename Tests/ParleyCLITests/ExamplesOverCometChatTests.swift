import Foundation
import ParleyTesting
import Testing

/// The CometChat examples of Flows/cometchat/ against `parley serve --protocol cometchat` as its
/// own process, reached through the `demo-chat-wire` and `demo-chat-group-wire` agents of
/// Flows/parley.yaml (the README's first command runs them against the same server inside
/// `parley run`, through `serve:`).
struct ExamplesOverCometChatTests {
    let executable = ProjectPaths.product("parley")

    @Test("every CometChat example passes against parley serve --protocol cometchat, one agent and one group")
    func examplesPassOverCometChat() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = folder.appendingPathComponent("Flows")
        let server = try await ReadyServer.start(
            executable: executable,
            arguments: [
                "serve", "--protocol", "cometchat", "--port", "0", "--agent-script",
                flows.appendingPathComponent("agents/demo-chat.agent.yaml").path,
            ])
        defer { server.stop() }
        // The examples' parley.yaml names port 8767; this run uses the free port the server took.
        let project = flows.appendingPathComponent("parley.yaml")
        let text = try String(contentsOf: project, encoding: .utf8)
        // Only the REST base: the client logs in through /v3.0/me, which names the socket.
        #expect(text.contains("http://127.0.0.1:8767/v3") && !text.contains("ws://127.0.0.1:8767"))
        let base = server.url.hasSuffix("/") ? String(server.url.dropLast()) : server.url
        try text.replacingOccurrences(of: "http://127.0.0.1:8767", with: base).write(to: project, atomically: true, encoding: .utf8)

        let parley = CommandRunner(executable: executable, directory: folder)
        let direct = try await parley.run(["run", "Flows/cometchat", "--exclude-tag", "groups", "--agent", "demo-chat-wire", "--parallel", "5"])
        #expect(direct.status == 0, "stdout: \(direct.stdout)\nstderr: \(direct.stderr)")
        #expect(direct.stdout.contains("5 flows: 5 passed, 0 flaky, 0 failed, 0 skipped"), "\(direct.stdout)")
        let group = try await parley.run(["run", "Flows/cometchat", "--tag", "groups", "--agent", "demo-chat-group-wire"])
        #expect(group.status == 0, "stdout: \(group.stdout)\nstderr: \(group.stderr)")
        #expect(group.stdout.contains("1 flow: 1 passed"), "\(group.stdout)")

        // The contact form's transcript shows both goal verdicts and the apiAction's answer.
        let transcripts = flows.appendingPathComponent("reports/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: transcripts.path).first { $0.contains("03-contact-form") })
        let lines = try String(contentsOf: transcripts.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
        let goals = lines.filter { $0.contains(#""type": "agent_event""#) && $0.contains(#""kind": "goal_completed""#) }
        #expect(goals.count == 2)
        #expect(goals.contains { $0.contains(#""source": "local""#) } && goals.contains { $0.contains(#""source": "server""#) })
        #expect(lines.contains { $0.contains(#""kind": "action""#) && $0.contains(#""status": 200"#) })
    }
}
