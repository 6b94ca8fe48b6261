import Foundation
import ParleyModel

/// The run as one JSON document: counts, timing, interruption, plugin failures, and every flow run
/// with its outcome and steps (docs/reports.md lists the keys): the `files` plugin's report.json
/// and the `summary` of the exec plugin's `run_finished` line.
public enum JSONReport {
    /// The report's format version, bumped when a key changes meaning or goes away.
    public static let version = 1

    /// The document; `transcripts` maps a flow run id to its transcript path, relative to the report folder.
    public static func json(_ summary: RunSummary, transcripts: [String: String]) -> JSONValue {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return ReportJSON.object(
            ("version", ReportJSON.int(version)),
            ("started_at", .string(formatter.string(from: summary.startedAt))),
            ("duration", ReportJSON.seconds(summary.duration)),
            ("interrupted", .bool(summary.interrupted)),
            ("succeeded", .bool(summary.succeeded)),
            (
                "counts",
                ReportJSON.object(
                    ("total", ReportJSON.int(summary.results.count)), ("passed", ReportJSON.int(summary.passed)),
                    ("flaky", ReportJSON.int(summary.flaky)), ("failed", ReportJSON.int(summary.failed)),
                    ("skipped", ReportJSON.int(summary.skipped)))
            ),
            ("plugin_failures", .array(summary.pluginFailures.map(JSONValue.string))),
            ("delivery_failures", .array(summary.deliveryFailures.map(ReportJSON.deliveryFailure))),
            (
                "pass_rates",
                summary.passRates.isEmpty ? nil : .array(summary.passRates.map { rate in
                    ReportJSON.object(
                        ("name", .string(rate.name)), ("path", .string(rate.path)), ("runs", ReportJSON.int(rate.runs)),
                        ("passed", ReportJSON.int(rate.passed)), ("rate", .number(rate.rate)),
                        ("duration", rate.spread.duration.map(ReportJSON.spread)),
                        ("latency", ReportJSON.spreads(rate.spread.latencies)))
                })
            ),
            (
                "flows",
                .array(summary.results.map { flow($0, transcript: transcripts[$0.run.id], deliveries: summary.deliveryFailures(forFlow: $0.run.id)) })
            )
        )
    }

    private static func flow(_ result: FlowResult, transcript: String?, deliveries: [DeliveryFailure]) -> JSONValue {
        ReportJSON.object(
            ReportJSON.run(result.run) + ReportJSON.outcome(result.outcome) + [
                ("started", ReportJSON.seconds(result.started)), ("duration", ReportJSON.seconds(result.duration)),
                ("events", ReportJSON.int(result.eventCount)), ("transcript", transcript.map(JSONValue.string)),
                ("delivery_failures", deliveries.isEmpty ? nil : .array(deliveries.map(ReportJSON.deliveryFailure))),
                ("steps", .array(result.steps.map(ReportJSON.stepResult))),
            ])
    }
}
