import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

@testable import ParleyMetrics

/// The exposition text of a run: names, types, HELP, labels (escaped), histogram buckets and the
/// last-run gauges, from SampleRun's summary (passed, failed, flaky, skipped) and measured turns.
@Suite("metrics: the exposition text")
struct RunExpositionTests {
    static let turns = [
        TurnLatency(flow: SampleRun.order.path, agent: "demo", latencies: [.firstToken: .milliseconds(80), .replyComplete: .milliseconds(700)]),
        TurnLatency(flow: SampleRun.order.path, agent: "demo", latencies: [.firstToken: .milliseconds(300), .replyComplete: .seconds(3)]),
        TurnLatency(flow: SampleRun.refund.path, latencies: [.runFinished: .seconds(12)]),
    ]

    /// SampleRun's summary; the order flow's agent is known (`demo`), the others' are not.
    static func summary(interrupted: Bool = false) -> RunSummary {
        var summary = SampleRun.summary(interrupted: interrupted)
        summary.results[0].run.agent = "demo"
        return summary
    }

    static func text(interrupted: Bool = false, labels: [MetricsPlugin.Options.Label] = []) -> String {
        RunExposition.text(summary: summary(interrupted: interrupted), turns: turns, labels: labels)
    }

    static func lines(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").map(String.init))
    }

    @Test("every family has its HELP and TYPE, in name order, one block each")
    func helpAndType() {
        let text = Self.text()
        let names = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { String($0.split(separator: " ")[2]) }
        #expect(names == ParleyMetric.all.map(\.name).sorted())
        let lines = Self.lines(text)
        let types = [
            "parley_flow_runs_total": "counter", "parley_flow_duration_seconds": "histogram", "parley_first_token_latency_seconds": "histogram",
            "parley_reply_complete_latency_seconds": "histogram", "parley_run_finished_latency_seconds": "histogram",
            "parley_run_duration_seconds": "gauge", "parley_last_run_timestamp_seconds": "gauge", "parley_last_run_success": "gauge",
        ]
        for metric in ParleyMetric.all {
            #expect(lines.contains("# HELP \(metric.name) \(metric.help)"), "\(metric.name)")
            #expect(lines.contains("# TYPE \(metric.name) \(types[metric.name] ?? "?")"), "\(metric.name)")
            #expect(metric.name.hasPrefix("parley_"))
        }
        #expect(text.hasSuffix("\n") && !text.contains("\n\n"))
    }

    @Test("flows by outcome: every outcome of every flow has a series, a retried pass counts as flaky")
    func outcomes() {
        let lines = Self.lines(Self.text())
        for (flow, agent, outcome) in [
            ("Flows/01-order.flow.yaml", "demo", "passed"), ("Flows/02-refund.flow.yaml", "", "failed"),
            ("Flows/03-greeting.flow.yaml", "", "flaky"), ("Flows/04-handoff.flow.yaml", "", "skipped"),
        ] {
            for other in RunExposition.outcomes {
                let value = other == outcome ? "1" : "0"
                #expect(lines.contains(#"parley_flow_runs_total{flow="\#(flow)",agent="\#(agent)",outcome="\#(other)"} \#(value)"#), "\(flow) \(other)")
            }
        }
    }

    @Test("histograms: cumulative buckets in seconds, +Inf, sum and count; latencies one observation per turn")
    func histograms() {
        let lines = Self.lines(Self.text())
        let flow = #"flow="Flows/01-order.flow.yaml",agent="demo""#
        // 80 ms and 300 ms: the first in every bucket from 0.1, the second from 0.5.
        let firstToken = [("0.05", 0), ("0.1", 1), ("0.25", 1), ("0.5", 2), ("1.0", 2), ("60.0", 2), ("+Inf", 2)]
        for (le, count) in firstToken {
            #expect(lines.contains(#"parley_first_token_latency_seconds_bucket{\#(flow),le="\#(le)"} \#(count)"#), "le \(le)")
        }
        #expect(lines.contains("parley_first_token_latency_seconds_count{\(flow)} 2"))
        #expect(lines.contains("parley_first_token_latency_seconds_sum{\(flow)} 0.38"))
        #expect(lines.contains("parley_reply_complete_latency_seconds_sum{\(flow)} 3.7"))
        // A flow that measured nothing still has its series, at zero.
        #expect(lines.contains(#"parley_run_finished_latency_seconds_count{\#(flow)} 0"#))
        #expect(lines.contains(#"parley_run_finished_latency_seconds_bucket{flow="Flows/02-refund.flow.yaml",agent="",le="10.0"} 0"#))
        #expect(lines.contains(#"parley_run_finished_latency_seconds_bucket{flow="Flows/02-refund.flow.yaml",agent="",le="30.0"} 1"#))
        // Durations: the order flow took 1.2 s.
        #expect(lines.contains(#"parley_flow_duration_seconds_bucket{\#(flow),le="1.0"} 0"#))
        #expect(lines.contains(#"parley_flow_duration_seconds_bucket{\#(flow),le="2.5"} 1"#))
        #expect(lines.contains(#"parley_flow_duration_seconds_sum{\#(flow)} 1.2"#))
    }

    @Test("the last run: duration, end as Unix time, success 0 when a flow failed or the run was interrupted")
    func lastRun() {
        let lines = Self.lines(Self.text())
        #expect(lines.contains("parley_run_duration_seconds 6.0"))
        #expect(lines.contains("parley_last_run_timestamp_seconds 1767225606.0"))
        #expect(lines.contains("parley_last_run_success 0.0"))
        var summary = Self.summary()
        summary.results = summary.results.filter(\.outcome.isPass)
        #expect(Self.lines(RunExposition.text(summary: summary, turns: [])).contains("parley_last_run_success 1.0"))
        summary.interrupted = true
        #expect(Self.lines(RunExposition.text(summary: summary, turns: [])).contains("parley_last_run_success 0.0"))
    }

    @Test("labels: on every series, first; quotes, backslashes and newlines escaped")
    func labels() {
        let text = Self.text(labels: [.init("env", "prod"), .init("team", "qa \"night\"\\ops\nrota")])
        let escaped = #"env="prod",team="qa \"night\"\\ops\nrota""#
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.contains("{\(escaped)"), "\(line)")
        }
        #expect(Self.lines(text).contains("parley_last_run_success{\(escaped)} 0.0"))
    }

    @Test("a flow path with a quote or backslash is escaped in its label")
    func flowLabelEscaped() {
        var summary = Self.summary()
        summary.results[0].run.path = #"Flows/a "b"\c.flow.yaml"#
        let text = RunExposition.text(summary: summary, turns: [])
        #expect(text.contains(#"parley_flow_runs_total{flow="Flows/a \"b\"\\c.flow.yaml",agent="demo",outcome="passed"} 1"#))
    }

    @Test("two runs in one process share nothing: each registry is the run's own")
    func noSharedState() {
        let first = Self.text()
        _ = RunExposition.text(summary: Self.summary(), turns: Self.turns + Self.turns)
        #expect(Self.text() == first)
    }
}
