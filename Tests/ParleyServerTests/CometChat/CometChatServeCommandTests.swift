import Foundation
import HummingbirdWSClient
import NIOHTTP1
import NIOWebSocket
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// `parley serve --protocol cometchat` as the built binary: the ready line, the options reaching
/// the server, refusals of other protocols' options, SIGTERM.
@Suite("parley serve --protocol cometchat")
struct CometChatServeCommandTests {
    let parley = ProjectPaths.product("parley")
    let script = "Flows/agents/demo-support.agent.yaml"

    @Test("the ready line names REST, WebSocket, app and agent uid; --app-id, --api-key and --agent-uid reach the server; SIGTERM closes sockets with 1000 and exits 0")
    func serves() async throws {
        let server = try await ReadyServer.start(
            executable: parley,
            arguments: [
                "serve", "--protocol", "cometchat", "--port", "0", "--agent-script", script, "--app-id", "app-7", "--api-key", "key-7",
                "--agent-uid", "support-bot",
            ], directory: ProjectPaths.root)
        defer { server.stop() }
        let port = try #require(URL(string: server.url)?.port)
        #expect(
            server.readyLine
                == "parley serve: CometChat agent 'Demo Support' listening on http://127.0.0.1:\(port)/ (REST http://127.0.0.1:\(port)/v3, WebSocket ws://127.0.0.1:\(port), app app-7, agent uid support-bot)"
        )
        let base = try #require(URL(string: server.url))
        let http = CometChatHTTP(base: base)
        #expect(try await http.send(.POST, "v3/users/ada/auth_tokens", body: "{}").status == 401)
        let token = try await http.jwt(for: "ada", appID: "app-7", apiKey: "key-7")
        let pid = server.pid
        let outcome = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
            try await probe.send(CometChatTestServer.authFrame(token, appID: "app-7"))
            try await probe.wait { frames in frames.contains { $0.type == "auth" } }
            let body = #"{"receiver":"support-bot","receiverType":"user","category":"message","type":"text","data":{"text":"hello"}}"#
            let sent = try await http.send(.POST, "v3/messages", body: body, onBehalfOf: "ada", apiKey: "key-7")
            #expect(sent.status == 200, "\(sent.body)")
            try await probe.wait { frames in frames.contains { $0.event == "run_finished" } }
            kill(pid, SIGTERM)
            try await probe.waitForEnd(timeout: .seconds(20))
        }
        #expect(outcome.frames.first?.body?["code"] == "200")
        #expect(outcome.frames.contains { $0.event == "run_started" && $0.json?["sender"] == "support-bot" })
        #expect(outcome.close?.closeCode == .normalClosure)
        #expect(server.stop(with: SIGTERM) == 0)
    }

    @Test("another protocol's options are refused with cometchat, and cometchat's with the others")
    func foreignOptions() async throws {
        let runner = CommandRunner(executable: parley, directory: ProjectPaths.root)
        let cases: [([String], String)] = [
            (["--protocol", "cometchat", "--connector-token", "x"], "--connector-token is an option of --protocol polyai"),
            (["--protocol", "cometchat", "--max-reconnects", "2"], "--max-reconnects is an option of --protocol polyai"),
            (["--protocol", "polyai", "--app-id", "a"], "--app-id is an option of --protocol cometchat"),
            (["--api-key", "k"], "--api-key is an option of --protocol cometchat"),
            (["--protocol", "agui", "--agent-uid", "u"], "--agent-uid is an option of --protocol cometchat"),
            (["--protocol", "cometchat", "--api-key", ""], "--api-key must not be empty"),
        ]
        for (options, message) in cases {
            let output = try await runner.run(["serve", "--port", "0", "--agent-script", script] + options)
            #expect(output.status != 0, "\(options)")
            #expect(output.stderr.contains(message), "\(options): \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(options)")
        }
    }
}
