import Foundation
import ParleyTesting
import Testing

/// Each way a peer can be broken fails its flow with a reason that names the cause, not with the
/// step's "got no reply". The peer is `Fixtures/reasons/broken_peer.py`, a real server on
/// 127.0.0.1 that fails one way per path (and an SSH banner on a second port); the agents give
/// `timeout: 1s` and the flows wait 3s, so the connector's own limits pass first.
@Suite(.serialized)
struct BrokenPeerReasonTests {
    let executable = ProjectPaths.product("parley")

    /// Runs `parley run FOLDER` in a copy of `Fixtures/reasons` against a fresh `broken_peer.py`
    /// (stopped by its PID), expecting exit 1. Returns the peer's HTTP, WebSocket and raw
    /// addresses and the run's summary, the last paragraph of its output.
    func run(_ folder: String, parallel: Int) async throws -> (http: String, ws: String, raw: String, summary: String) {
        let copy = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let project = copy.appendingPathComponent("Fixtures/reasons")
        let peer = try await ReadyServer.start(python: project.appendingPathComponent("broken_peer.py"))
        defer { peer.stop() }
        let http = peer.url
        let raw = try #require(peer.readyLine.split(separator: " ").last.map(String.init))
        let ws = "ws" + http.dropFirst("http".count)
        let runner = CommandRunner(executable: executable, directory: project, environment: ["PEER": http, "PEER_WS": ws, "RAW_PEER": raw])
        let output = try await runner.run(["run", folder, "--parallel", "\(parallel)"])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        return (http, ws, raw, output.stdout.components(separatedBy: "\n\n").last ?? "")
    }

    @Test("with the default 30s timeout, a flow that stops waiting first names the attempt still in flight")
    func stalledAttemptsAreNamed() async throws {
        let (http, ws, _, summary) = try await run("stalled", parallel: 4)
        let lines = RunFixtures.lines(summary, startingWith: "stalled/")
        let lost = "the connection to the agent failed: "
        // The time waited is the flow's (about 2s; the send-first flow's default 3s), read off the clock.
        let expected = [
            "stalled/poly-slow-default.flow.yaml:4:5: \(lost)POST \(http)slow/api/v1/access-token had not answered after ",
            "stalled/poly-hang-default.flow.yaml:4:5: \(lost)the socket at \(ws)wshang did not open within ",
            "stalled/poly-silent-default.flow.yaml:4:5: \(lost)the socket at \(ws)wssilent opened but the agent sent nothing for ",
            "stalled/send-first.flow.yaml:4:5: \(lost)POST \(http)slow/api/v1/access-token had not answered after ",
        ]
        for prefix in expected {
            #expect(lines.contains { $0.hasPrefix(prefix) && $0.hasSuffix("s") }, "missing \(prefix)…\nin:\n\(summary)")
        }
        #expect(summary.contains("4 flows: 0 passed, 0 flaky, 4 failed"), "\(summary)")
    }

    @Test("a PolyAI 429, slow token, refused, hanging, silent or 404 socket; a CometChat 404; AG-UI junk and an SSH banner")
    func reasonsNameTheCause() async throws {
        let (http, ws, raw, summary) = try await run("flows", parallel: 9)
        let lost = "the connection to the agent failed: "
        let expected = [
            "flows/poly-429.flow.yaml:4:5: \(lost)POST \(http)rest429/api/v1/access-token answered 429 Too Many Requests (Retry-After 30s)",
            "flows/poly-refused.flow.yaml:4:5: \(lost)could not connect to ws://127.0.0.1:9/ws: connection refused",
            "flows/poly-404.flow.yaml:4:5: \(lost)the WebSocket upgrade at \(ws)ws404 was answered 404 Not Found",
            "flows/cometchat-404.flow.yaml:4:5: the WebSocket upgrade at \(ws)ws404 was answered 404 Not Found",
            #"flows/agui-junk.flow.yaml:5:5: the agent at \#(http)junk answered text/event-stream, but its body is not text: it began "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b…""#,
            #"flows/agui-ssh.flow.yaml:5:5: the agent at \#(raw) did not answer in HTTP: it sent "SSH-2.0-OpenSSH_9.6\r\n""#,
        ]
        let lines = Set(RunFixtures.lines(summary, startingWith: "flows/"))
        for line in expected {
            #expect(lines.contains(line), "missing \(line)\nin:\n\(summary)")
        }
        // A slow token and a hanging socket are retried 1s (±20 % jitter) after each 1s limit, so at
        // the flow's 3s the second attempt has waited about a second: the reason is the last
        // attempt's limit, or the one in flight with the time it has waited, whichever is later.
        let retried = [
            ("flows/poly-slow-token.flow.yaml:4:5: ", "POST \(http)slow/api/v1/access-token ", ["did not answer within 1s", "had not answered after "]),
            ("flows/poly-hang.flow.yaml:4:5: ", "the socket at \(ws)wshang ", ["did not open within 1s", "did not open within "]),
        ]
        for (location, subject, forms) in retried {
            let line = lines.first { $0.hasPrefix(location) } ?? "no line for \(location)"
            let pattern = NSRegularExpression.escapedPattern(for: location + lost + subject)
                + "(\(NSRegularExpression.escapedPattern(for: forms[0]))|\(NSRegularExpression.escapedPattern(for: forms[1]))[1-9][0-9.]*s)$"
            #expect(line.range(of: "^" + pattern, options: .regularExpression) != nil, "\(line)\nin:\n\(summary)")
        }
        // The silent socket is retried (open, 1s of silence, failed, reconnecting…): where that cycle
        // stands at the flow's timeout decides the form. The reason is the last failed attempt's, or
        // the attempt still in flight, which names the time it has waited (1s or more: a loaded
        // machine wakes late); an attempt may also miss the limit before its upgrade completes.
        // Either way the reason is that socket and how long it kept silent, never "got no reply".
        let socket = NSRegularExpression.escapedPattern(for: "the socket at \(ws)wssilent ")
        let cause = #"\#(socket)(opened but the agent sent nothing for|did not open within) [1-9][0-9.]*s"#
        let location = NSRegularExpression.escapedPattern(for: "flows/poly-silent.flow.yaml:4:5: ")
        let silentForms = [
            "^\(location)\(NSRegularExpression.escapedPattern(for: lost))\(cause)$",
            "^\(location)expected reply within 3s; got no reply; got connection ×[0-9]+; the connection failed \\(\(cause)\\) and opened again, but the agent sent nothing since$",
        ]
        let silentLine = lines.first { $0.hasPrefix("flows/poly-silent.flow.yaml:") } ?? ""
        let named = silentForms.contains { silentLine.range(of: $0, options: .regularExpression) != nil }
        #expect(named, "the silent socket's reason is not named: \(silentLine)\nin:\n\(summary)")
        #expect(summary.contains("9 flows: 0 passed, 0 flaky, 9 failed"), "\(summary)")
    }
}
