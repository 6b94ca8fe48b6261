import Foundation
import ParleyTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the real binary's reports measure: latencies per step, events per flow, and a readable
/// transcript of each failed flow in JUnit.
@Suite("parley run: reports carry the measurements")
struct ReportMeasurementsTests {
    let executable = ProjectPaths.product("parley")

    @Test("the JSON report has each step's latencies and each flow's event count; JUnit a failed flow's transcript")
    func measurements() async throws {
        let canary = "c4n4ry-\(UUID().uuidString.prefix(8))"
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let output = try await CommandRunner(executable: executable, directory: project, environment: ["PARLEY_CANARY": canary]).run(["run", "."])
        #expect(output.status == 1, "stderr: \(output.stderr)")

        let data = try Data(contentsOf: project.appendingPathComponent("reports/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let flows = try #require(report["flows"] as? [[String: Any]])
        let wrongReply = try #require(flows.first { ($0["path"] as? String)?.hasSuffix("01-wrong-reply.flow.yaml") == true })
        #expect((wrongReply["events"] as? Int ?? 0) >= 4, "the greeting's and the answer's events: \(wrongReply)")
        let steps = try #require(wrongReply["steps"] as? [[String: Any]])
        let expect = try #require(steps.first { ($0["summary"] as? String)?.hasPrefix("expect") == true })
        let latency = try #require(expect["latency"] as? [String: Any], "\(expect)")
        let firstToken = try #require(latency["first_token"] as? Double)
        let replyComplete = try #require(latency["reply_complete"] as? Double)
        let runFinished = try #require(latency["run_finished"] as? Double)
        #expect(firstToken > 0 && firstToken <= replyComplete && replyComplete <= runFinished && runFinished < 1)
        #expect(steps.first?["latency"] == nil, "the send finished before its turn had any event")

        let xml = try XMLDocument(contentsOf: project.appendingPathComponent("reports/junit.xml"), options: [])
        let cases = try #require(xml.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase"))
        func systemOut(_ file: String) -> String? {
            cases.first { ($0 as XMLElement).attribute(forName: "file")?.stringValue?.hasSuffix(file) == true }?
                .elements(forName: "system-out").first?.stringValue
        }
        let transcript = try #require(systemOut("01-wrong-reply.flow.yaml"))
        #expect(transcript.contains(#"→ send { "text": "Where is order A-1042?" }"#), "\(transcript)")
        #expect(transcript.contains(#"← reply "Your order A-1042 is delayed""#), "\(transcript)")
        #expect(transcript.contains("✗ expect reply"), "\(transcript)")
        #expect(!transcript.contains("text_delta"), "assembled replies, not their deltas")
        let canaryTranscript = try #require(systemOut("04-canary-secret.flow.yaml"))
        #expect(canaryTranscript.contains("***") && !canaryTranscript.contains(canary))
        #expect(systemOut("05-passes.flow.yaml") == nil)
    }
}
