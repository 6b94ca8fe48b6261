import Foundation
import ParleyCore
import ParleyServer
import Testing

/// The PolyAI connector's promises at unit size: the connector made in this process, against a
/// `PolyAIServer` in this process, running the flows the binary's end-to-end tests run
/// (ParleyCLITests/PolyAIResilienceTests). A connector bug fails here first, without a process.
/// The flows that wait (backoffs, resends, heartbeats, token expiry, REST retries, timeouts) run
/// on virtual time instead, session by session: PolyAIVirtualTimeTests.
@Suite("polyai connector, in process")
struct PolyAIConnectorLiveTests {
    @Test("1000 and SESSION_END end the conversation, a duplicated event is reported once, handoff stages are read")
    func connectionRules() async throws {
        // The flows with no wait in them; the drop, 4001 and the echoes run on virtual time
        // (PolyAIVirtualTimeTests), where a backoff or a resend ladder costs no real time.
        let run = try await LivePolyAI.run(
            "passing", flows: ["close-1000.flow.yaml", "session-end.flow.yaml", "duplicate.flow.yaml", "handoff-stages.flow.yaml"])
        defer { run.remove() }
        #expect(run.summary.passed == 4, "\(run.summary.results.map { "\($0.run.path): \($0.outcome)" })")
        #expect(try run.replies("Said once.", flow: "duplicate") == 1)
    }

    @Test("garbage, a binary frame, a refused token or host, an unoffered tap and another handoff outcome each fail with their reason")
    func failuresAreReadable() async throws {
        // The reconnect cap, which waits out backoffs, runs on virtual time (PolyAIVirtualTimeTests).
        let flows = ["garbage", "binary", "bad-token", "bad-host", "tap-not-offered", "handoff-outcome"]
        let run = try await LivePolyAI.run("failing", flows: flows.map { $0 + ".flow.yaml" })
        defer { run.remove() }
        let expected: [String: String] = [
            "garbage": "not JSON",
            "binary": "PolyAI sent a binary WebSocket frame; the protocol has text frames only",
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
        #expect(run.summary.failed == 6)
    }
}
