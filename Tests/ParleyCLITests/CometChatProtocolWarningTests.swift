import Foundation
import ParleyTesting
import Testing

/// Frames CometChat's SDK would ignore do not fail a flow: `Fixtures/cometchat-warnings` serves an
/// agent (`serve:`, our own CometChat server) whose answer carries a frame that is not JSON and a
/// binary frame. A flow that only reads the reply passes, with both as `protocol_warning` events in
/// its transcript; one that says `expect_no: protocol_warning`, or expects a reply that is not
/// there, still fails on its own expectation.
struct CometChatProtocolWarningTests {
    let executable = ProjectPaths.product("parley")

    @Test("garbage frames are protocol warnings in the transcript; only the flows' own expectations fail them")
    func garbageIsWarnedNotFailed() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/cometchat-warnings")
        let output = try await CommandRunner(executable: executable, directory: project).run(["run", "flows"])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        #expect(summary.contains("3 flows: 1 passed, 0 flaky, 2 failed"), "\(output.stdout)")
        let noWarnings = RunFixtures.lines(summary, startingWith: "flows/02-expects-no-warnings.flow.yaml").first ?? "no failure line"
        #expect(noWarnings.hasPrefix("flows/02-expects-no-warnings.flow.yaml:6:5: "), "\(summary)")
        #expect(noWarnings.contains("protocol_warning"), "\(summary)")
        let wrongReply = RunFixtures.lines(summary, startingWith: "flows/03-wrong-reply.flow.yaml").first ?? "no failure line"
        #expect(wrongReply.hasPrefix("flows/03-wrong-reply.flow.yaml:5:5: "), "\(summary)")
        #expect(!wrongReply.contains("protocol"), "the reply's expectation, not the garbage, fails it: \(summary)")
        #expect(!output.stdout.contains("broke CometChat's protocol"), "\(output.stdout)")

        // The passing flow's transcript keeps both warnings, with what was wrong and the frame.
        let transcripts = project.appendingPathComponent("reports/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: transcripts.path).first { $0.contains("01-passes") })
        let lines = try String(contentsOf: transcripts.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
        let warnings = lines.filter { $0.contains(#""kind": "protocol_warning""#) }
        #expect(warnings.count == 2, "\(lines.joined(separator: "\n"))")
        #expect(warnings.contains { $0.contains("CometChat sent a frame that is not JSON") && $0.contains(#""frame": "{\"type\":\"streamed_message\""#) })
        #expect(warnings.contains { $0.contains("CometChat sent a binary WebSocket frame") })
    }
}
