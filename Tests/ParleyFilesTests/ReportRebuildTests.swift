import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel
import ParleyTesting
import Testing

@Suite("reports read back, merged and rebuilt")
struct ReportRebuildTests {
    /// The sample run with what a report can carry beyond it: latencies, deliveries, an agent.
    static func fullSummary() -> RunSummary {
        var summary = SampleRun.summary()
        summary.results[0].steps[1].latencies = [.firstToken: SampleRun.at(0.121), .replyComplete: SampleRun.at(0.181)]
        summary.results[0].run.agent = "support"
        summary.deliveryFailures = [
            DeliveryFailure(plugin: "webhook", flow: summary.results[1].run.id, url: "http://127.0.0.1:9/hook", attempts: 2, cause: .deadline, reason: "500", method: "PUT")
        ]
        return summary
    }

    @Test("a report read back writes the same document again, transcripts and all")
    func roundTrip() throws {
        let summary = Self.fullSummary()
        let document = JSONReport.json(summary, transcripts: ["Flows/01-order.flow.yaml": "transcripts/01-order.jsonl"])
        let read = try ReportReader.read(JSONValue(parsing: document.serialized()))
        #expect(read.summary == summary)
        #expect(read.transcripts == ["Flows/01-order.flow.yaml": "transcripts/01-order.jsonl"])
        #expect(JSONReport.json(read.summary, transcripts: read.transcripts) == document)
    }

    @Test("what is wrong in a report is named by its key path and what was expected there", arguments: [
        (#"{"version": 1}"#, "started_at: expected a value"),
        (#"{"version": 9, "started_at": "2026-01-01T00:00:00Z"}"#, "version: expected a report of version 1 or older (this parley is older than the report's)"),
        (#"{"version": 1, "started_at": "yesterday"}"#, "started_at: expected an ISO 8601 time"),
        (
            #"{"version": 1, "started_at": "2026-01-01T00:00:00Z", "duration": 1, "interrupted": false, "flows": [{"id": "a", "name": "A", "path": "a.flow.yaml", "location": "a.flow.yaml:1:1", "outcome": "won", "started": 0, "duration": 1}]}"#,
            "flows[0].outcome: expected passed, flaky, failed or skipped"
        ),
        (
            #"{"version": 1, "started_at": "2026-01-01T00:00:00Z", "duration": 1, "interrupted": false, "flows": [{"id": "a", "name": "A", "path": "a.flow.yaml", "location": "nowhere", "outcome": "passed", "started": 0, "duration": 1}]}"#,
            "flows[0].location: expected file:line:column"
        ),
    ])
    func problems(text: String, message: String) throws {
        #expect {
            _ = try ReportReader.read(JSONValue(parsing: text))
        } throws: { error in
            String(describing: error) == message
        }
    }

    @Test("shards merge into one run: every flow once, timed from the first start to the last end")
    func merge() {
        let first = RunSummary(results: [SampleRun.results().order], startedAt: SampleRun.startedAt, duration: SampleRun.at(4))
        var second = RunSummary(
            results: [SampleRun.results().refund], startedAt: SampleRun.startedAt.addingTimeInterval(10), duration: SampleRun.at(3), interrupted: true)
        second.pluginFailures = ["files: cannot write x"]
        let merged = RunSummary.merged([second, first])
        #expect(merged.startedAt == SampleRun.startedAt)
        #expect(merged.duration == SampleRun.at(13))
        #expect(merged.results.map(\.run.id) == [SampleRun.refund.id, SampleRun.order.id], "in the order given")
        #expect(merged.results[0].started == SampleRun.results().refund.started + SampleRun.at(10))
        #expect(merged.results[1].started == SampleRun.results().order.started)
        #expect(merged.interrupted && merged.pluginFailures == ["files: cannot write x"])
    }

    @Test("--repeat's pass rates carry the spread of durations and latencies (nearest rank)")
    func spread() throws {
        let spread = try #require(RunSummary.Spread((1...20).map { SampleRun.at(Double($0) / 10) }))
        #expect(spread.p50 == SampleRun.at(1.0) && spread.p95 == SampleRun.at(1.9) && spread.count == 20)
        #expect(RunSummary.Spread([]) == nil)
        var runs: [FlowResult] = []
        for repetition in 1...3 {
            var result = SampleRun.results().order
            result.run.repetition = repetition
            result.run.name = "Order status (run \(repetition))"
            result.duration = SampleRun.at(Double(repetition))
            result.steps[1].latencies = [.firstToken: SampleRun.at(0.1 * Double(repetition))]
            runs.append(result)
        }
        let summary = RunSummary(results: runs, startedAt: SampleRun.startedAt, duration: SampleRun.at(6))
        let rates = try #require(JSONReport.json(summary, transcripts: [:])["pass_rates"])
        guard case .array(let list) = rates else { Issue.record("pass_rates is \(rates)"); return }
        #expect(list.count == 1)
        #expect(list[0]["duration"] == ReportJSON.object(("p50", 2), ("p95", 3), ("count", 3)))
        #expect(list[0]["latency"]?["first_token"] == ReportJSON.object(("p50", .number(0.2)), ("p95", .number(0.3)), ("count", 3)))
        #expect(list[0]["latency"]?["reply_complete"] == nil)
    }

    @Test("a run's reports rebuilt from its JSON report and transcripts: the same JUnit, the same flows and transcripts")
    func rebuild() async throws {
        let run = try await ReportRun().run()
        let out = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let rebuilt = try ReportRebuild.read([run.plugin.folder.appendingPathComponent("report.json")])
        #expect(rebuilt.problems.isEmpty, "\(rebuilt.problems)")
        let failures = rebuilt.write(
            junit: out.appendingPathComponent("junit.xml"), json: out.appendingPathComponent("merged/report.json"),
            html: out.appendingPathComponent("report.html"))
        #expect(failures.isEmpty, "\(failures)")
        #expect(try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8) == run.text("junit.xml"))
        let original = try JSONValue(parsing: run.text("report.json"))
        let merged = try JSONValue(parsing: Data(contentsOf: out.appendingPathComponent("merged/report.json")))
        // Everything is the same but where the transcripts are named from: the merged report's folder.
        let relocated = try ReportReader.read(merged)
        let first = try ReportReader.read(original)
        #expect(relocated.summary == first.summary)
        for (id, path) in first.transcripts {
            let moved = try #require(relocated.transcripts[id])
            let from = out.appendingPathComponent("merged").appendingPathComponent(moved).standardizedFileURL
            #expect(from == run.plugin.folder.appendingPathComponent(path).standardizedFileURL, "\(moved)")
        }
        let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("Order A-1042 has shipped"))
    }

    @Test("two reports holding one flow run are refused; a missing transcript is named and the rest still written")
    func refusals() async throws {
        let run = try await ReportRun().run()
        let report = run.plugin.folder.appendingPathComponent("report.json")
        #expect {
            _ = try ReportRebuild.read([report, report])
        } throws: { error in
            String(describing: error).contains("flow run '\(SampleRun.order.id)' is in both \(report.path) and \(report.path)")
        }
        try FileManager.default.removeItem(at: run.plugin.transcriptsFolder)
        let rebuilt = try ReportRebuild.read([report])
        #expect(!rebuilt.problems.isEmpty)
        #expect(rebuilt.problems.allSatisfy { $0.contains("cannot be read: No such file or directory") }, "\(rebuilt.problems)")
        #expect(rebuilt.summary.results.count == 4)
        #expect {
            _ = try ReportRebuild.read([run.plugin.folder.appendingPathComponent("nope.json")])
        } throws: { error in
            String(describing: error).hasPrefix("cannot read ") && String(describing: error).contains("nope.json")
        }
    }
}
