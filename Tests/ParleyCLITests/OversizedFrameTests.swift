import Foundation
import ParleyTesting
import Testing

/// A WebSocket agent (PolyAI, CometChat) that sends a message above the documented size limit
/// (16 MiB) fails its flow with the same reason as AG-UI, at once and with no reconnect, and every
/// report is still written. The peer is `Fixtures/oversized-ws/ws_peer.py`, a real server on
/// 127.0.0.1 that answers each connector's handshake and then sends one 50 MB text message in
/// 8 MB fragments (the client stops once they pass 16 MiB), stopped by its PID. A single frame
/// over 16 MiB is refused too, but the client library reports it only as a dropped connection.
@Suite(.serialized)
struct OversizedFrameTests {
    let executable = ProjectPaths.product("parley")
    let refusal = "the agent sent an event larger than 16 MiB (the limit); refused"

    @Test("a 50 MB WebSocket message is refused with the size limit as the reason, on PolyAI and CometChat; reports are complete")
    func messageOverTheLimit() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/oversized-ws")
        let peer = try await ReadyServer.start(python: project.appendingPathComponent("ws_peer.py"))
        defer { peer.stop() }
        let http = peer.url
        let ws = "ws" + http.dropFirst("http".count)
        let runner = CommandRunner(executable: executable, directory: project, environment: ["PEER": http, "PEER_WS": ws])
        // The flows wait 120s: a run that ends well before proves the refusal ended it, not a timeout
        // or a reconnect loop (ten PolyAI reconnects back off for minutes).
        let started = ContinuousClock.now
        let output = try await runner.run(["run", "flows", "--parallel", "2"])
        #expect(ContinuousClock.now - started < .seconds(60), "the run waited for its timeout instead of ending at the refusal")
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        let poly = RunFixtures.lines(summary, startingWith: "flows/poly.flow.yaml").first ?? "no failure line"
        #expect(poly == "flows/poly.flow.yaml:4:5: \(refusal)", "\(summary)")
        let comet = RunFixtures.lines(summary, startingWith: "flows/cometchat.flow.yaml").first ?? "no failure line"
        #expect(comet == "flows/cometchat.flow.yaml:5:5: \(refusal)", "\(summary)")
        #expect(summary.contains("2 flows: 0 passed, 0 flaky, 2 failed"), "\(summary)")
        // No reconnect: the refusal ends the conversation instead of being retried.
        #expect(!output.stdout.contains("reconnecting"), "\(output.stdout)")
        let reports = project.appendingPathComponent("reports")
        let report = try String(contentsOf: reports.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(report.components(separatedBy: refusal).count - 1 >= 2, "\(report.prefix(4000))")
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("transcripts").path).count == 2)
    }
}
