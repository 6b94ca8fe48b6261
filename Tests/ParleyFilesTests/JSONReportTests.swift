import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel
import ParleyTesting
import Testing

@Suite("files JSON report")
struct JSONReportTests {
    @Test("counts, timing, interruption and plugin failures at the top")
    func top() async throws {
        let report = try await ReportRun.parse(ReportRun().run().text("report.json"))
        #expect(
            Set(report.keys) == [
                "version", "started_at", "duration", "interrupted", "succeeded", "counts", "plugin_failures", "delivery_failures", "flows",
            ])
        #expect(report["delivery_failures"] as? [Any] == nil || (report["delivery_failures"] as? [Any])?.isEmpty == true)
        #expect(report["version"] as? Int == 1)
        #expect(report["started_at"] as? String == "2026-01-01T00:00:00.000Z")
        #expect(report["duration"] as? Double == 6 && report["interrupted"] as? Bool == true)
        #expect(report["succeeded"] as? Bool == false)
        let counts = try #require(report["counts"] as? [String: Int])
        #expect(counts == ["total": 4, "passed": 1, "flaky": 1, "failed": 1, "skipped": 1])
        #expect(report["plugin_failures"] as? [String] == ["webhook: POST http://127.0.0.1:9/hook answered 500"])
    }

    @Test("failed deliveries are listed at the top, and a flow run's own under it too")
    func deliveryFailures() async throws {
        var summary = SampleRun.summary()
        let refund = summary.results[1].run.id
        summary.deliveryFailures = [
            DeliveryFailure(plugin: "webhook", flow: refund, url: "http://127.0.0.1:9/hook", attempts: 2, cause: .deadline, reason: "500 Internal Server Error; the retry in 1s is past the flush deadline"),
            DeliveryFailure(plugin: "webhook", flow: nil, url: "http://127.0.0.1:9/hook", attempts: 1, cause: .interrupted, reason: "abandoned: the run was interrupted"),
        ]
        let report = try await ReportRun.parse(ReportRun().run(summary: summary).text("report.json"))
        let top = try #require(report["delivery_failures"] as? [[String: Any]])
        #expect(top.count == 2)
        #expect(top[0]["flow"] as? String == refund && top[0]["cause"] as? String == "deadline" && top[0]["attempts"] as? Int == 2)
        #expect(top[1]["flow"] == nil && top[1]["reason"] as? String == "abandoned: the run was interrupted")
        #expect(top[1]["plugin"] as? String == "webhook" && top[1]["url"] as? String == "http://127.0.0.1:9/hook")
        let flows = try #require(report["flows"] as? [[String: Any]])
        #expect((flows[1]["delivery_failures"] as? [[String: Any]])?.map { $0["flow"] as? String } == [refund])
        #expect(flows[0]["delivery_failures"] == nil, "a flow without failed deliveries has no key")
    }

    @Test("every flow with its outcome, failure, timing, transcript and steps")
    func flows() async throws {
        let report = try await ReportRun.parse(ReportRun().run().text("report.json"))
        let flows = try #require(report["flows"] as? [[String: Any]])
        #expect(flows.map { $0["name"] as? String } == ["Order status", "Refund", "Greeting", "Handoff [row 2]"])
        #expect(flows.map { $0["outcome"] as? String } == ["passed", "failed", "flaky", "skipped"])
        let refund = flows[1]
        let failure = try #require(refund["failure"] as? [String: Any])
        #expect(failure["message"] as? String == #"expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#)
        #expect(failure["location"] as? String == "Flows/02-refund.flow.yaml:8:5")
        #expect(failure["file"] as? String == "Flows/02-refund.flow.yaml" && failure["column"] as? Int == 5)
        #expect(refund["duration"] as? Double == 5.2 && refund["started"] as? Double == 0.02)
        #expect(refund["transcript"] as? String == "transcripts/Flows-02-refund.jsonl")
        let steps = try #require(refund["steps"] as? [[String: Any]])
        #expect(steps.map { $0["outcome"] as? String } == ["passed", "failed"])
        #expect(steps[1]["summary"] as? String == "expect reply" && steps[1]["location"] as? String == "Flows/02-refund.flow.yaml:8:5")
        #expect((steps[1]["failure"] as? [String: Any])?["cause"] as? String == "timeout")
        #expect(flows[2]["attempt"] as? Int == 2 && flows[2]["transcript"] as? String == "transcripts/Flows-03-greeting-attempt2.jsonl")
        #expect(flows[3]["reason"] as? String == "interrupted" && flows[3]["row"] as? Int == 2 && flows[3]["transcript"] == nil)
        #expect(flows[0]["tags"] as? [String] == ["smoke"] && flows[0]["row"] == nil)
    }

    @Test("each step carries the latencies its turn reached, from the user action; each flow its event count")
    func measurements() async throws {
        var summary = SampleRun.summary(interrupted: false)
        var order = SampleRun.results().order
        order.steps[1].latencies = [.firstToken: SampleRun.at(0.05), .replyComplete: SampleRun.at(0.119), .runFinished: SampleRun.at(0.2)]
        order.eventCount = 7
        var refund = SampleRun.results().refund
        refund.steps[1].latencies = [.firstToken: SampleRun.at(0.259)]
        summary.results = [order, refund]
        let report = try await ReportRun.parse(ReportRun().run(events: [], summary: summary).text("report.json"))
        let flows = try #require(report["flows"] as? [[String: Any]])
        #expect(flows.map { $0["events"] as? Int } == [7, 1])
        let orderSteps = try #require(flows[0]["steps"] as? [[String: Any]])
        #expect(orderSteps[0]["latency"] == nil, "a step whose turn reached nothing has no latency key")
        let latency = try #require(orderSteps[1]["latency"] as? [String: Any])
        #expect(latency["first_token"] as? Double == 0.05 && latency["reply_complete"] as? Double == 0.119)
        #expect(latency["run_finished"] as? Double == 0.2 && latency.count == 3)
        let refundSteps = try #require(flows[1]["steps"] as? [[String: Any]])
        let reached = try #require(refundSteps[1]["latency"] as? [String: Any])
        #expect(reached.count == 1 && reached["first_token"] as? Double == 0.259, "measures not reached are left out")
    }

    @Test("written atomically: a second run replaces the report and leaves no temporary files")
    func atomic() async throws {
        let run = try ReportRun(.init(junit: "junit.xml", json: "report.json"))
        try await run.run()
        var summary = SampleRun.summary(interrupted: false)
        summary.results = [SampleRun.results().order]
        try await FilesPlugin(options: run.plugin.options, baseDirectory: run.base).finish(summary)
        #expect(run.files() == ["junit.xml", "report.json"])
        #expect(try ReportRun.parse(run.text("report.json"))["succeeded"] as? Bool == true)
    }

    @Test("a report that cannot be written fails the plugin, named by the host, after the others are written")
    func writeError() async throws {
        let run = try ReportRun(.init(junit: "junit.xml", json: "blocked/report.json"))
        let blocked = run.plugin.folder.appendingPathComponent("blocked")
        try AtomicFileTestSupport.makeFile(at: blocked)
        let summary = await PluginHost.run(plugins: [run.plugin]) { _ in SampleRun.summary() }
        #expect(
            summary.pluginFailures == SampleRun.summary().pluginFailures + [
                "files: cannot write \(blocked.path)/report.json: cannot create folder \(blocked.path): a file is in the way"
            ])
        #expect(try run.text("junit.xml").contains("<testsuites"))
    }

    @Test("a write error names the file and the system's reason, without the plugin's name")
    func writeErrorText() async throws {
        let run = try ReportRun(.init(json: "report.json"))
        try AtomicFileTestSupport.makeFile(at: run.base.appendingPathComponent("reports"))
        await #expect {
            try await run.run(events: [])
        } throws: { error in
            String(describing: error)
                == "cannot write \(run.plugin.folder.path)/report.json: cannot create folder \(run.plugin.folder.path): a file is in the way"
        }
    }
}

/// Puts an ordinary file where a test needs something in the way.
enum AtomicFileTestSupport {
    static func makeFile(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: url)
    }
}
