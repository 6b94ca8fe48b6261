import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel
import ParleyTesting
import Testing

@Suite("files transcripts")
struct TranscriptTests {
    /// Keys every transcript line has, then the keys each type adds (docs/reports.md).
    static let common: Set = ["type", "time", "suite_time", "flow"]
    static let keys: [String: Set<String>] = [
        "flow_started": ["run"], "step_started": ["step"], "user_action": ["action", "fields"],
        "agent_event": ["kind", "kinds", "offset", "fields"], "step_finished": ["step", "outcome", "duration"],
        "log": ["text"], "flow_finished": ["outcome", "duration", "events"],
    ]

    static func lines(_ text: String) throws -> [[String: Any]] {
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { try ReportRun.parse(String($0)) }
    }

    @Test("one file per flow run, named after its path, row and attempt")
    func names() async throws {
        let run = try await ReportRun().run()
        #expect(
            run.files() == [
                "junit.xml", "report.json", "transcripts/Flows-01-order.jsonl", "transcripts/Flows-02-refund.jsonl",
                "transcripts/Flows-03-greeting-attempt2.jsonl", "transcripts/Flows-03-greeting.jsonl",
            ])
    }

    @Test("a flow skipped before it started gets no transcript; a pass on a retry is recorded flaky")
    func skippedAndRetried() async throws {
        let run = try await ReportRun().run()
        #expect(!run.files().contains { $0.contains("handoff") })
        let first = try Self.lines(run.text("transcripts/Flows-03-greeting.jsonl"))
        let retry = try Self.lines(run.text("transcripts/Flows-03-greeting-attempt2.jsonl"))
        #expect(first.last?["outcome"] as? String == "failed" && retry.last?["outcome"] as? String == "flaky")
        #expect((retry.first?["run"] as? [String: Any])?["attempt"] as? Int == 2)
    }

    @Test("under --repeat every transcript names its repetition, the first too")
    func repeated() async throws {
        var first = SampleRun.order
        first.id += "#rep1"
        var second = SampleRun.order
        second.id += "#rep2"
        second.repetition = 2
        let events = [
            PluginEvent(time: .zero, flow: nil, kind: .runStarted([first, second])),
            PluginEvent(time: .zero, flow: first, kind: .flowStarted),
            PluginEvent(time: .zero, flow: second, kind: .flowStarted),
        ]
        let run = try await ReportRun(.init(transcripts: true)).run(events: events)
        #expect(run.files() == ["transcripts/Flows-01-order-rep1.jsonl", "transcripts/Flows-01-order-rep2.jsonl"])
    }

    @Test("each line is JSON with the documented keys, the flow's events only, in order")
    func lines() async throws {
        let run = try await ReportRun().run()
        let lines = try Self.lines(run.text("transcripts/Flows-01-order.jsonl"))
        #expect(
            lines.map { $0["type"] as? String } == [
                "flow_started", "step_started", "user_action", "step_finished", "step_started", "agent_event", "step_finished",
                "log", "flow_finished",
            ])
        for line in lines {
            let type = try #require(line["type"] as? String)
            let allowed = Self.common.union(Self.keys[type] ?? []).union(["failure", "attempts", "reason"])
            #expect(Set(line.keys).isSuperset(of: Self.common.union(Self.keys[type] ?? [])), "\(type)")
            #expect(Set(line.keys).isSubset(of: allowed), "\(type)")
            #expect(line["flow"] as? String == "Flows/01-order.flow.yaml")
        }
        let started = try #require(lines[0]["run"] as? [String: Any])
        #expect(started["name"] as? String == "Order status" && started["tags"] as? [String] == ["smoke"])
        #expect(lines[2]["action"] as? String == "send")
        #expect((lines[2]["fields"] as? [String: Any])?["text"] as? String == "Where is order A-1042?")
        let reply = lines[5]
        #expect(reply["kind"] as? String == "reply" && reply["kinds"] as? [String] == ["reply"])
        #expect(reply["offset"] as? Double == 0.119)
        #expect(reply["time"] as? Double == 0.14)
        #expect(reply["suite_time"] as? Double == 0.15)
        #expect((reply["fields"] as? [String: Any])?["suggestions"] as? [String] == ["Track package"])
        #expect(lines[7]["text"] as? String == "order checked")
        #expect(lines[8]["outcome"] as? String == "passed" && lines[8]["duration"] as? Double == 1.2)
    }

    @Test("a failed flow's transcript ends with the failure and its location")
    func failure() async throws {
        let run = try await ReportRun().run()
        let lines = try Self.lines(run.text("transcripts/Flows-02-refund.jsonl"))
        let last = try #require(lines.last)
        #expect(last["type"] as? String == "flow_finished" && last["outcome"] as? String == "failed")
        let failure = try #require(last["failure"] as? [String: Any])
        #expect(failure["location"] as? String == "Flows/02-refund.flow.yaml:8:5")
        #expect(failure["line"] as? Int == 8 && failure["cause"] as? String == "timeout" && failure["waited"] as? Double == 5)
        let step = lines[lines.count - 2]
        #expect(step["type"] as? String == "step_finished" && step["outcome"] as? String == "failed")
    }

    @Test("a flow cut off by Ctrl-C keeps what it wrote, and the reports are still written")
    func interrupted() async throws {
        let events = Array(SampleRun.events().prefix(5))  // run, two flows started, one step and action
        var summary = SampleRun.summary()
        summary.results = []
        let run = try await ReportRun().run(events: events, summary: summary)
        let lines = try Self.lines(run.text("transcripts/Flows-01-order.jsonl"))
        #expect(lines.map { $0["type"] as? String } == ["flow_started", "step_started", "user_action"])
        #expect(try Self.lines(run.text("transcripts/Flows-02-refund.jsonl")).count == 1)
        #expect(try ReportRun.parse(run.text("report.json"))["interrupted"] as? Bool == true)
        #expect(try run.text("junit.xml").contains(#"<property name="interrupted" value="true"/>"#))
    }

    @Test("transcripts are off unless asked for")
    func off() async throws {
        let run = try await ReportRun(.init(json: "report.json")).run()
        #expect(run.files() == ["report.json"])
    }

    @Test("text with newlines and control characters stays on one line")
    func oneLine() async throws {
        let flow = SampleRun.order
        let events = [
            PluginEvent(time: .zero, flow: flow, kind: .flowStarted),
            PluginEvent(time: .seconds(1), flow: flow, kind: .log("two\nlines\u{7} and \"quotes\"")),
        ]
        let run = try await ReportRun().run(events: events)
        let lines = try Self.lines(run.text("transcripts/Flows-01-order.jsonl"))
        #expect(lines.count == 2 && lines[1]["text"] as? String == "two\nlines\u{7} and \"quotes\"")
    }
}
