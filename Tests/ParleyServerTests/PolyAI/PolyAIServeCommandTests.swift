import Foundation
import HummingbirdWSClient
import NIOWebSocket
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// `parley serve --protocol polyai` as the built binary: the ready line, the options reaching the
/// server, exit codes.
@Suite("parley serve --protocol polyai")
struct PolyAIServeCommandTests {
    let parley = ProjectPaths.product("parley")
    let script = "Flows/agents/demo-support.agent.yaml"

    @Test("the ready line names the REST and WebSocket URLs; the options reach the server; SIGTERM exits 0")
    func serves() async throws {
        let server = try await ReadyServer.start(
            executable: parley,
            arguments: [
                "serve", "--protocol", "polyai", "--port", "0", "--agent-script", script, "--connector-token", "tok", "--connector-host",
                "shop.example", "--token-lifetime", "2m", "--rest-fault", "access-token:429", "--rest-fault", "sessions:503:2",
                "--max-reconnects", "3", "--chunk-joining", "concatenate",
            ], directory: ProjectPaths.root)
        defer { server.stop() }
        let port = try #require(URL(string: server.url)?.port)
        #expect(
            server.readyLine
                == "parley serve: PolyAI agent 'Demo Support' listening on http://127.0.0.1:\(port)/ (REST http://127.0.0.1:\(port)/api/v1, WebSocket ws://127.0.0.1:\(port)/ws)"
        )
        let http = PolyAIHTTP(base: try #require(URL(string: server.url)))
        #expect(try await http.accessToken(token: "tok", host: "shop.example").status == 429)
        let answer = try await http.accessToken(token: "tok", host: "www.shop.example")
        #expect(answer.json?["expires_in"] == .number(120))
        let token = try await http.token(connector: "tok", host: "shop.example")
        #expect(try await http.sessions(authorization: "Bearer \(token)").status == 503)
        #expect(try await http.sessions(authorization: "Bearer \(token)").status == 503)
        let session = try await http.session(token: token, streaming: true)
        let outcome = try await PolyAISocketProbe.connect(PolyAITestServer.socket(http.base, token: token, session: session)) { probe in
            try await probe.send(type: "REQUEST_POLY_AGENT_JOIN")
            try await probe.wait { $0.contains { $0.payload?["is_complete"] == true } }
        }
        let start = outcome.frames.first?.batched.first
        #expect(start?.payload?["capabilities"]?["max_reconnect_attempts"] == .number(3))
        #expect(start?.payload?["capabilities"]?["streaming"] == true)
        let texts = outcome.frames.filter { $0.type == "EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK" }.compactMap { $0.string("text") }
        #expect(texts.count > 1)
        #expect(texts.dropLast().allSatisfy { $0.hasSuffix(" ") })
        #expect(server.stop(with: SIGTERM) == 0)
    }

    @Test("SIGTERM with a socket open: the client gets a close frame 1000 and the server exits 0")
    func sigtermWithSocket() async throws {
        let server = try await ReadyServer.start(
            executable: parley, arguments: ["serve", "--protocol", "polyai", "--port", "0", "--agent-script", script], directory: ProjectPaths.root)
        defer { server.stop() }
        let http = PolyAIHTTP(base: try #require(URL(string: server.url)))
        let (token, session) = try await http.handshake()
        let pid = server.pid
        let outcome = try await PolyAISocketProbe.connect(PolyAITestServer.socket(http.base, token: token, session: session)) { probe in
            try await probe.wait(for: "EVENT_BATCH")
            kill(pid, SIGTERM)
            try await probe.waitForEnd(timeout: .seconds(20))
        }
        #expect(outcome.close?.closeCode == .normalClosure)
        #expect(server.stop(with: SIGTERM) == 0)
    }

    @Test("a bad option value, or a polyai option with --protocol agui, stops before serving and says why")
    func badOptions() async throws {
        let runner = CommandRunner(executable: parley, directory: ProjectPaths.root)
        let cases: [([String], String)] = [
            (["--token-lifetime", "soon"], "parley serve: --token-lifetime 'soon' is not a duration like 1h, 2s or 500ms\n"),
            (
                ["--rest-fault", "session:500"],
                "parley serve: --rest-fault 'session:500' is not ENDPOINT:STATUS[:COUNT] (endpoint access-token or sessions, status 400-599, count 1 or more)\n"
            ),
            (["--chunk-joining", "glue"], "parley serve: --chunk-joining 'glue' is not space or concatenate\n"),
            (["--max-reconnects=-1"], "parley serve: --max-reconnects must be 0 or more; got -1\n"),
        ]
        for (options, message) in cases {
            let output = try await runner.run(["serve", "--protocol", "polyai", "--port", "0", "--agent-script", script] + options)
            #expect(output.status == 2, "\(options)")
            #expect(output.stderr == message)
            #expect(output.stdout.isEmpty)
        }
        let agui = try await runner.run(["serve", "--port", "0", "--agent-script", script, "--rest-fault", "sessions:500"])
        #expect(agui.status != 0)
        #expect(agui.stderr.contains("--rest-fault is an option of --protocol polyai"), "\(agui.stderr)")
        let crossed = try await runner.run(["serve", "--protocol", "polyai", "--port", "0", "--agent-script", script, "--app-id", "a"])
        #expect(crossed.status != 0)
        #expect(crossed.stderr.contains("--app-id is an option of --protocol cometchat"), "\(crossed.stderr)")
    }

    @Test("a port already taken exits 2 and says so")
    func portTaken() async throws {
        let server = try await ReadyServer.start(
            executable: parley, arguments: ["serve", "--protocol", "polyai", "--port", "0", "--agent-script", script], directory: ProjectPaths.root)
        defer { server.stop() }
        let port = try #require(URL(string: server.url)?.port)
        let second = try await CommandRunner(executable: parley, directory: ProjectPaths.root)
            .run(["serve", "--protocol", "polyai", "--port", "\(port)", "--agent-script", script])
        #expect(second.status == 2)
        #expect(second.stderr == "parley serve: cannot listen on 127.0.0.1:\(port): Address already in use\n")
        #expect(server.stop(with: SIGINT) == 0)
    }
}
