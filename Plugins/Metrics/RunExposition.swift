import Foundation
import ParleyCore
import ParleyModel
import Prometheus

/// A finished run's metrics in Prometheus' text exposition format (version 0.0.4), from a
/// registry made for this run alone: nothing is process-global, so two runs in one process (or
/// `parley monitor`'s checks) never share a series.
public enum RunExposition {
    /// The outcome label values, in the order every flow gets a series for each (0 until seen).
    public static let outcomes = ["passed", "flaky", "failed", "skipped"]

    /// The exposition text for `summary`, with `turns`' latencies and `labels` on every series.
    /// The run's end (`startedAt` + `duration`) is the last-run timestamp.
    public static func text(summary: RunSummary, turns: [TurnLatency], labels: [MetricsPlugin.Options.Label] = []) -> String {
        let registry = PrometheusCollectorRegistry()
        let base = labels.map { ($0.name, $0.value) }
        for flow in orderedFlows(summary, turns) {
            let labels = base + flow.labels
            for outcome in outcomes { _ = flowRuns(registry, labels, outcome) }
            _ = flowDuration(registry, labels)
            for measure in LatencyMeasure.allCases { _ = latency(registry, measure, labels) }
        }
        for result in summary.results {
            let labels = base + FlowKey(flow: result.run.path, agent: result.run.agent).labels
            flowRuns(registry, labels, outcome(result)).increment()
            flowDuration(registry, labels).record(result.duration)
        }
        for turn in turns {
            let labels = base + FlowKey(flow: turn.flow, agent: turn.agent).labels
            for (measure, value) in turn.latencies { latency(registry, measure, labels).record(value) }
        }

        let ended = summary.startedAt.addingTimeInterval(summary.duration.inSeconds)
        gauge(registry, .runDuration, base).set(to: summary.duration.inSeconds)
        gauge(registry, .lastRunTimestamp, base).set(to: ended.timeIntervalSince1970)
        gauge(registry, .lastRunSuccess, base).set(to: summary.succeeded ? 1 : 0)
        return sortedFamilies(registry.emitToString())
    }

    /// The outcome label of a result; a `--retries` attempt that passed is flaky, as in the summary.
    static func outcome(_ result: FlowResult) -> String {
        switch result.outcome {
        case .passed: return result.run.attempt > 1 ? "flaky" : "passed"
        case .flaky: return "flaky"
        case .failed: return "failed"
        case .skipped: return "skipped"
        }
    }

    /// A flow file and its agent: the labels of its series (`agent` empty when not known, which
    /// Prometheus reads as no label).
    private struct FlowKey: Hashable {
        var flow: String
        var agent: String?
        var labels: [(String, String)] { [("flow", flow), ("agent", agent ?? "")] }
    }

    /// Each flow file and agent once, in the order it first appears.
    private static func orderedFlows(_ summary: RunSummary, _ turns: [TurnLatency]) -> [FlowKey] {
        var seen: Set<FlowKey> = []
        let keys = summary.results.map { FlowKey(flow: $0.run.path, agent: $0.run.agent) } + turns.map { FlowKey(flow: $0.flow, agent: $0.agent) }
        return keys.filter { seen.insert($0).inserted }
    }

    private static func flowRuns(_ registry: PrometheusCollectorRegistry, _ labels: [(String, String)], _ outcome: String) -> Counter {
        registry.makeCounter(descriptor: descriptor(.flowRuns), labels: labels + [("outcome", outcome)])
    }

    private static func flowDuration(_ registry: PrometheusCollectorRegistry, _ labels: [(String, String)]) -> DurationHistogram {
        registry.makeDurationHistogram(descriptor: descriptor(.flowDuration), labels: labels, buckets: ParleyMetric.flowDurationBuckets)
    }

    private static func latency(_ registry: PrometheusCollectorRegistry, _ measure: LatencyMeasure, _ labels: [(String, String)]) -> DurationHistogram {
        registry.makeDurationHistogram(descriptor: descriptor(.latency(measure)), labels: labels, buckets: ParleyMetric.latencyBuckets)
    }

    private static func gauge(_ registry: PrometheusCollectorRegistry, _ metric: ParleyMetric, _ base: [(String, String)]) -> Gauge {
        registry.makeGauge(descriptor: descriptor(metric), labels: base)
    }

    /// The registry's descriptor: the whole name as the metric name (no unit to append), and the help.
    private static func descriptor(_ metric: ParleyMetric) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: metric.name, unitName: "", helpText: metric.help)
    }

    /// The registry lists families, and series within one, in hash order; sorted by name and by
    /// labels, the text is the same for the same run, which readers and diffs of the textfile
    /// prefer. Every family starts at its `# HELP`; a histogram's series ends at its `_count` line.
    static func sortedFamilies(_ text: String) -> String {
        var families: [(name: String, header: [Substring], body: [Substring])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("# HELP ") {
                let name = line.dropFirst("# HELP ".count).prefix { $0 != " " }
                families.append((String(name), [line], []))
            } else if families.isEmpty {
                families.append(("", [], [line]))
            } else if line.hasPrefix("#") {
                families[families.count - 1].header.append(line)
            } else {
                families[families.count - 1].body.append(line)
            }
        }
        return families.sorted { $0.name < $1.name }.flatMap { family in
            var series: [[Substring]] = []
            var open = false
            for line in family.body {
                if !open { series.append([]) }
                series[series.count - 1].append(line)
                let name = line.prefix { $0 != "{" && $0 != " " }
                open = name.hasSuffix("_bucket") || name.hasSuffix("_sum")
            }
            return family.header + series.sorted { $0[0] < $1[0] }.flatMap { $0 }
        }.joined(separator: "\n") + "\n"
    }
}
