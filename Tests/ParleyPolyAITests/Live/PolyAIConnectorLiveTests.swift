import Foundation
import ParleyCore
import ParleyServer
import Testing

/// The PolyAI connector's promises at unit size: the connector made in this process, against a
/// `PolyAIServer` in this process, running the flows the binary's end-to-end tests run
/// (ParleyCLITests/PolyAIResilienceTests). A connector bug fails here first, without a process.
@Suite("polyai connector, in process")
struct PolyAIConnectorLiveTests {
    @Test("drops reconnect with the cursor, 4001 starts a new session, 1000 and SESSION_END end, echoes are waited for and deduplicated")
    func connectionRules() async throws {
        let run = try await LivePolyAI.run("passing")
        defer { run.remove() }
        #expect(run.summary.passed == 8, "\(run.summary.results.map { "\($0.run.path): \($0.outcome)" })")
        // The drop flow's session reopened from a cursor past what it had (not 0, which dedup
        // alone would hide), and the slow echo's message was resent.
        var cursors: [Substring: [Int]] = [:]
        for line in run.log where line.contains(": socket opened from cursor ") {
            guard let session = line.split(separator: "session ").last?.split(separator: ":").first,
                let cursor = line.split(separator: " ").last.flatMap({ Int($0) })
            else { continue }
            cursors[session, default: []].append(cursor)
        }
        let reopened = cursors.values.filter { $0.count > 1 }
        #expect(reopened.count == 1 && reopened[0].first == 0 && reopened[0].last.map { $0 > 0 } == true, "\(cursors)")
        #expect(run.log.contains { $0.contains("again (a resend): not echoed or played twice") }, "\(run.log)")
        // Replayed history is not reported twice; a new session after 4001 replays nothing of the old one.
        #expect(try run.replies("Before the drop.", flow: "drop") == 1)
        #expect(try run.replies("After the drop.", flow: "drop") == 1)
        #expect(try run.replies("Heard you once.", flow: "slow-echo") == 1)
        #expect(try run.replies("Said once.", flow: "duplicate") == 1)
        #expect(try run.replies("Hello from the resilience agent.", flow: "close-4001") == 2)
    }

    @Test("garbage, a binary frame, the reconnect cap, a refused token or host, an unoffered tap and another handoff outcome each fail with their reason")
    func failuresAreReadable() async throws {
        let run = try await LivePolyAI.run("failing")
        defer { run.remove() }
        let expected: [String: String] = [
            "garbage": "not JSON",
            "binary": "PolyAI sent a binary WebSocket frame; the protocol has text frames only",
            "reconnect-cap": "the PolyAI connection failed: gave up reconnecting after 2 attempts",
            "bad-token": #"/access-token failed with HTTP 401: "Failed to validate connector" (check the agent's connector_token and host)"#,
            "bad-host": #"/access-token failed with HTTP 401: "Failed to validate connector""#,
            "tap-not-offered": #"tap "Maybe": not a suggestion the agent offered; offered: "Yes", "No""#,
            "handoff-outcome": #"but the handoff ended failed (reason "no_agents")"#,
        ]
        for (flow, reason) in expected {
            let failure = run.failure(flow + ".flow.yaml") ?? "no failure for \(flow)"
            #expect(failure.contains(reason), "\(flow): \(failure)")
            #expect(!failure.contains("wrong-token"), "\(flow): \(failure)")
        }
        #expect(run.summary.failed == 7)
    }

    @Test("an access token that expires while connected is refreshed before the reconnect, and the session goes on")
    func expiredToken() async throws {
        var options = PolyAIServerOptions()
        options.tokenLifetime = .seconds(2)
        let run = try await LivePolyAI.run("token", options: options)
        defer { run.remove() }
        #expect(run.summary.passed == 1, "\(run.summary.results.map(\.outcome))")
        #expect(try run.replies("After the drop.", flow: "expired-token") == 1)
    }

    @Test("the handshake waits out a 429 (Retry-After) and two 503s; four 500s fail the flow")
    func restRetries() async throws {
        var retried = PolyAIServerOptions()
        retried.restFaults = [PolyAIRestFault(endpoint: .accessToken, status: 429), PolyAIRestFault(endpoint: .sessions, status: 503, count: 2)]
        let served = try await LivePolyAI.run("rest", options: retried)
        defer { served.remove() }
        #expect(served.summary.passed == 1, "\(served.summary.results.map(\.outcome))")
        var exhausted = PolyAIServerOptions()
        exhausted.restFaults = [PolyAIRestFault(endpoint: .sessions, status: 500, count: 4)]
        let run = try await LivePolyAI.run("rest", options: exhausted)
        defer { run.remove() }
        let failure = run.failure("retried.flow.yaml") ?? "the flow did not fail"
        #expect(failure.contains("/sessions failed with HTTP 500 after 4 attempts"), "\(failure)")
    }

    @Test("the server's max_reconnect_attempts capability replaces the agent's max_reconnects")
    func serverCap() async throws {
        var options = PolyAIServerOptions()
        options.maxReconnectAttempts = 1
        let run = try await LivePolyAI.run("server-cap", options: options)
        defer { run.remove() }
        let failure = run.failure("outage.flow.yaml") ?? "the flow did not fail"
        #expect(failure.contains("the PolyAI connection failed: gave up reconnecting after 1 attempts"), "\(failure)")
    }

    @Test("a WebSocket handshake that never completes times out, reconnects, and fails at the cap instead of hanging")
    func silentSocket() async throws {
        // A listening socket nobody accepts from: the kernel completes the TCP handshake, and the
        // upgrade request is never answered.
        let listener = try SilentListener()
        defer { listener.close() }
        let silent = "ws://127.0.0.1:\(listener.port)/ws"
        let run = try await LivePolyAI.run("silent", environment: ["POLY_SILENT_WS": silent])
        defer { run.remove() }
        let failure = run.failure("silent-socket.flow.yaml") ?? "the flow did not fail"
        #expect(failure.contains("gave up reconnecting after 1 attempts (last: the socket at \(silent) did not open within 1s)"), "\(failure)")
    }

    @Test("heartbeats go out at the server's heartbeat_interval_seconds, in place of the agent's 30s")
    func heartbeats() async throws {
        var options = PolyAIServerOptions()
        options.heartbeatSeconds = 1
        let run = try await LivePolyAI.run("heartbeat", options: options)
        defer { run.remove() }
        #expect(run.summary.passed == 1, "\(run.summary.results.map(\.outcome))")
        // 2.5s of silence at one a second: two or three (a loaded machine may add one).
        let beats = run.log.filter { $0.hasSuffix(": heartbeat") }.count
        #expect((2...4).contains(beats), "\(run.log)")
        // A capability of 0 turns them off; the agent's default (30s) would send none in 2.5s
        // either way, so this checks that 0 is taken calmly: the flow still passes.
        options.heartbeatSeconds = 0
        let off = try await LivePolyAI.run("heartbeat", options: options)
        defer { off.remove() }
        #expect(off.summary.passed == 1)
        #expect(!off.log.contains { $0.hasSuffix(": heartbeat") }, "\(off.log)")
    }
}
