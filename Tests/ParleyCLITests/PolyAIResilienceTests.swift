import Foundation
import ParleyTesting
import Testing

/// The PolyAI connector's promises, each against `parley serve --protocol polyai` on loopback
/// playing `Fixtures/polyai/resilience.agent.yaml`, whose rules each play one wire fault. Each
/// test has a server of its own (port 0) and a copy of its own, so they run at once: one after the
/// other they took 42 s, the 12 s retry ladder of the lost echo among them.
@Suite
struct PolyAIResilienceTests {
    let executable = ProjectPaths.product("parley")

    /// Serves the resilience agent with `options`, runs `folder`'s flows with the built binary.
    func run(_ folder: String, serve options: [String] = [], environment: [String: String] = [:]) async throws -> (CommandRunner.Output, URL) {
        let (output, project, _) = try await runLogged(folder, serve: options, environment: environment)
        return (output, project)
    }

    /// `run`, with the server's `--verbose` log (what each client did) as well.
    func runLogged(_ folder: String, serve options: [String] = [], environment: [String: String] = [:]) async throws -> (
        CommandRunner.Output, URL, String
    ) {
        let copy = try RunFixtures.copy()
        let project = copy.appendingPathComponent("Fixtures/polyai")
        let server = try await ReadyServer.start(
            executable: executable,
            arguments: ["serve", "--protocol", "polyai", "--port", "0", "--agent-script", project.appendingPathComponent("resilience.agent.yaml").path]
                + options + ["--verbose"])
        defer { server.stop() }
        let base = server.url.hasSuffix("/") ? String(server.url.dropLast()) : server.url
        let runner = CommandRunner(
            executable: executable, directory: project,
            environment: ["POLY_REST": base + "/api/v1", "POLY_WS": "ws" + base.dropFirst("http".count) + "/ws"].merging(environment) { $1 })
        let output = try await runner.run(["run", folder, "--parallel", "8"])
        return (output, project, server.log())
    }

    /// The replies of one flow's transcript whose text is `text`.
    func replies(_ text: String, in project: URL, flow: String) throws -> Int {
        let folder = project.appendingPathComponent("reports/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.contains(flow) })
        let transcript = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return transcript.split(separator: "\n").filter { $0.contains(#""kind": "reply""#) && $0.contains(#""text": "\#(text)""#) }.count
    }

    @Test("drops reconnect with the cursor, 4001 starts a new session, 1000 and SESSION_END end, echoes are waited for and deduplicated")
    func connectionRules() async throws {
        let (output, project, log) = try await runLogged("passing")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        // The server saw what the client sent: the drop flow's session reopened from a cursor past
        // what it had (not 0, which dedup alone would hide), and the slow echo's message was resent.
        var cursors: [Substring: [Int]] = [:]
        for line in log.split(separator: "\n") where line.contains(": socket opened from cursor ") {
            guard let session = line.split(separator: "session ").last?.split(separator: ":").first,
                let cursor = line.split(separator: " ").last.flatMap({ Int($0) })
            else { continue }
            cursors[session, default: []].append(cursor)
        }
        let reopened = cursors.values.filter { $0.count > 1 }
        #expect(reopened.count == 1 && reopened[0].first == 0 && reopened[0].last.map { $0 > 0 } == true, "\(cursors)")
        #expect(log.contains("again (a resend): not echoed or played twice"), "\(log)")
        #expect(output.stdout.contains("8 flows: 8 passed, 0 flaky, 0 failed"), "\(output.stdout)")
        // Replayed history is not reported twice: each message once, also the one resent after a slow echo.
        #expect(try replies("Before the drop.", in: project, flow: "drop") == 1)
        #expect(try replies("After the drop.", in: project, flow: "drop") == 1)
        #expect(try replies("Heard you once.", in: project, flow: "slow-echo") == 1)
        #expect(try replies("Said once.", in: project, flow: "duplicate") == 1)
        // A new session after 4001 replays nothing of the old one: the greeting comes twice, once per session.
        #expect(try replies("Hello from the resilience agent.", in: project, flow: "close-4001") == 2)
    }

    @Test("garbage, a binary frame, the reconnect cap, a refused token or host, an unoffered tap and another handoff outcome each fail with their reason")
    func failuresAreReadable() async throws {
        let (output, project) = try await run("failing")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        let failures = Dictionary(
            RunFixtures.lines(summary, startingWith: "failing/").map { line in (String(line.prefix { $0 != "." }), line) },
            uniquingKeysWith: { first, _ in first })
        let expected: [String: String] = [
            "failing/garbage": "not JSON",
            "failing/binary": "PolyAI sent a binary WebSocket frame; the protocol has text frames only",
            "failing/reconnect-cap": "the PolyAI connection failed: gave up reconnecting after 2 attempts",
            "failing/bad-token": #"/access-token failed with HTTP 401: "Failed to validate connector" (check the agent's connector_token and host)"#,
            "failing/bad-host": #"/access-token failed with HTTP 401: "Failed to validate connector""#,
            "failing/tap-not-offered": #"tap "Maybe": not a suggestion the agent offered; offered: "Yes", "No""#,
            "failing/handoff-outcome": #"but the handoff ended failed (reason "no_agents")"#,
        ]
        for (flow, reason) in expected {
            let line = failures[flow] ?? "no failure line for \(flow)"
            #expect(line.contains(reason), "\(flow): \(line)")
            #expect(line.contains(".flow.yaml:"), "\(flow) names no location: \(line)")
        }
        #expect(summary.contains("7 flows: 0 passed, 0 flaky, 7 failed"), "\(summary)")
        // Every report is still written, with every flow in it.
        let junit = try String(contentsOf: project.appendingPathComponent("reports/junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 7)
        // The token is masked even though parley.yaml writes it literally.
        let report = try String(contentsOf: project.appendingPathComponent("reports/report.json"), encoding: .utf8)
        #expect(!report.contains("wrong-token") && !output.stdout.contains("wrong-token"))
    }

    @Test("an access token that expires while connected is refreshed before the reconnect, and the session goes on")
    func expiredToken() async throws {
        let (output, project) = try await run("token", serve: ["--token-lifetime", "2s"])
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(try replies("After the drop.", in: project, flow: "expired-token") == 1)
    }

    @Test("the handshake waits out a 429 (Retry-After) and two 503s; four 500s fail the flow")
    func restRetries() async throws {
        let (retried, first) = try await run("rest", serve: ["--rest-fault", "access-token:429:1", "--rest-fault", "sessions:503:2"])
        defer { try? FileManager.default.removeItem(at: first.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(retried.status == 0, "stdout: \(retried.stdout)\nstderr: \(retried.stderr)")
        let (exhausted, second) = try await run("rest", serve: ["--rest-fault", "sessions:500:4"])
        defer { try? FileManager.default.removeItem(at: second.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(exhausted.status == 1)
        #expect(exhausted.stdout.contains("/sessions failed with HTTP 500 after 4 attempts"), "\(exhausted.stdout)")
    }

    @Test("the server's max_reconnect_attempts capability replaces the agent's max_reconnects")
    func serverCap() async throws {
        let (output, project) = try await run("server-cap", serve: ["--max-reconnects", "1"])
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(output.status == 1)
        #expect(output.stdout.contains("the PolyAI connection failed: gave up reconnecting after 1 attempts"), "\(output.stdout)")
    }

    @Test("a WebSocket handshake that never completes times out, reconnects, and fails at the cap instead of hanging")
    func silentSocket() async throws {
        let listener = try await ReadyServer.start(python: RunFixtures.fixtures.appendingPathComponent("polyai/silent_listener.py"))
        defer { listener.stop() }
        let silent = "ws" + listener.url.dropFirst("http".count) + "ws"
        let (output, project) = try await run("silent", environment: ["POLY_SILENT_WS": silent])
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(output.status == 1)
        #expect(
            output.stdout.contains("gave up reconnecting after 1 attempts (last: the socket at \(silent) did not open within 1s)"),
            "\(output.stdout)")
    }
}
