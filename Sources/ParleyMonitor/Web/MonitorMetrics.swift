import Foundation
import ParleyMetrics
import ParleyModel
import Prometheus

/// `/metrics` of one monitor: per check up, runs by outcome, durations and turn latencies as
/// histograms, the last success, and the alerts' deliveries, in a registry of this monitor's own
/// (no process-global MetricsSystem, so two monitors in one test process never share a series).
///
/// Every check's series exist from the start at zero (runs, histograms, alert counters), so
/// `rate()` and `increase()` see the first run; `up` and the last success appear with the first
/// run that says something (an interrupted run does not).
public final class MonitorMetrics: MonitorObserver, Sendable {
    /// The content type of `exposition()`: Prometheus' text format, version 0.0.4.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The buckets of `parley_check_duration_seconds`: a quick probe up to the longest timeout (10 minutes).
    public static let durationBuckets: [Duration] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600].map(seconds)
    /// The buckets of `parley_check_latency_seconds`: the `metrics` plugin's, so dashboards compare.
    public static let latencyBuckets: [Duration] = ParleyMetric.latencyBuckets

    /// The registry behind `exposition()`, for a host that exposes more of its own.
    public let registry: PrometheusCollectorRegistry

    /// Metrics with series for `checks` from the start (a check not named here gets its series
    /// with its first run).
    public init(checks: [String]) {
        registry = PrometheusCollectorRegistry()
        for check in checks { declare(check) }
    }

    /// Counts the run.
    public func checkFinished(_ record: CheckRecord) async {
        count(record)
    }

    /// Counts a finished run (what `checkFinished` does, without the suspension).
    public func count(_ record: CheckRecord) {
        let check = record.check
        declare(check)
        runs(check, record.outcome).increment()
        // An interrupted run was cut short by the monitor, not by the agent: its duration is not
        // the check's and it says nothing about whether the check is up.
        guard record.outcome.counts else { return }
        duration(check).record(record.duration)
        for turn in record.turns {
            for (measure, value) in turn { latency(check, measure).record(value) }
        }
        gauge(Family.up, check).set(to: record.outcome.isUp ? 1 : 0)
        if record.outcome.isUp {
            let ended = record.startedAt.addingTimeInterval(record.duration.inSeconds)
            gauge(Family.lastSuccess, check).set(to: ended.timeIntervalSince1970)
        }
    }

    /// Sets `up` and the last success from runs kept in the history (newest last, or in any
    /// order: each check's newest counting run decides `up`), so a restart does not forget them.
    /// Counters and histograms start again at zero, as Prometheus expects of a new process.
    public func restore(_ records: [CheckRecord]) {
        for record in records.sorted(by: { $0.startedAt < $1.startedAt }) where record.outcome.counts {
            declare(record.check)
            gauge(Family.up, record.check).set(to: record.outcome.isUp ? 1 : 0)
            if record.outcome.isUp {
                let ended = record.startedAt.addingTimeInterval(record.duration.inSeconds)
                gauge(Family.lastSuccess, record.check).set(to: ended.timeIntervalSince1970)
            }
        }
    }

    /// Counts an alert of `check`: delivered, or given up on after the webhook's retries.
    public func alert(check: String, kind: AlertKind, delivered: Bool) {
        declare(check)
        counter(delivered ? Family.alertDeliveries : Family.alertFailures, check, [("kind", kind.rawValue)]).increment()
    }

    /// Every series in Prometheus' text exposition format (`contentType`).
    public func exposition() -> String {
        registry.emitToString()
    }

    // MARK: The families

    /// A metric family's name and `# HELP` text.
    public struct Family: Hashable, Sendable {
        /// The name, by Prometheus' conventions (`parley_` prefix, base units, `_total` on counters).
        public var name: String
        /// The `# HELP` text.
        public var help: String

        /// Whether the check's last run passed: 1 or 0. Gauge.
        public static let up = Family(name: "parley_check_up", help: "1 if the check's last run passed, else 0 (interrupted runs do not count).")
        /// Finished runs by outcome (passed, failed, error, timed_out, interrupted). Counter.
        public static let runs = Family(name: "parley_check_runs_total", help: "Check runs finished, by outcome.")
        /// How long each run took. Histogram, seconds.
        public static let duration = Family(name: "parley_check_duration_seconds", help: "How long each check run took (interrupted runs left out).")
        /// Per turn, from a user action to `measure`. Histogram, seconds.
        public static let latency = Family(
            name: "parley_check_latency_seconds", help: "Per turn, from a user action to the agent's first token, complete reply or finished run.")
        /// When the check last passed, Unix time. Gauge: `time() - …` is how long it has been down.
        public static let lastSuccess = Family(
            name: "parley_check_last_success_timestamp_seconds", help: "When the check's last passing run ended, in seconds since the Unix epoch.")
        /// Alerts delivered, by kind (failing, recovered). Counter.
        public static let alertDeliveries = Family(name: "parley_alert_deliveries_total", help: "Alerts delivered, by kind.")
        /// Alerts that could not be delivered after the webhook's retries, by kind. Counter.
        public static let alertFailures = Family(
            name: "parley_alert_delivery_failures_total", help: "Alerts that could not be delivered after the webhook's retries, by kind.")

        /// Every family, in the order this file declares them.
        public static let all: [Family] = [up, runs, duration, latency, lastSuccess, alertDeliveries, alertFailures]

        var descriptor: MetricNameDescriptor {
            MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
        }
    }

    // MARK: Series

    /// Makes the series that start at zero; the registry returns the same series when asked again.
    private func declare(_ check: String) {
        for outcome in CheckOutcome.allCases { _ = runs(check, outcome) }
        _ = duration(check)
        for measure in LatencyMeasure.allCases { _ = latency(check, measure) }
        for kind in AlertKind.allCases {
            _ = counter(Family.alertDeliveries, check, [("kind", kind.rawValue)])
            _ = counter(Family.alertFailures, check, [("kind", kind.rawValue)])
        }
    }

    private func runs(_ check: String, _ outcome: CheckOutcome) -> Counter {
        counter(Family.runs, check, [("outcome", outcome.rawValue)])
    }

    private func counter(_ family: Family, _ check: String, _ labels: [(String, String)]) -> Counter {
        registry.makeCounter(descriptor: family.descriptor, labels: [("check", check)] + labels)
    }

    private func gauge(_ family: Family, _ check: String) -> Gauge {
        registry.makeGauge(descriptor: family.descriptor, labels: [("check", check)])
    }

    private func duration(_ check: String) -> DurationHistogram {
        registry.makeDurationHistogram(descriptor: Family.duration.descriptor, labels: [("check", check)], buckets: Self.durationBuckets)
    }

    private func latency(_ check: String, _ measure: LatencyMeasure) -> DurationHistogram {
        registry.makeDurationHistogram(
            descriptor: Family.latency.descriptor, labels: [("check", check), ("measure", measure.rawValue)], buckets: Self.latencyBuckets)
    }

    private static func seconds(_ value: Double) -> Duration {
        .nanoseconds(Int64((value * 1_000_000_000).rounded()))
    }
}
