import Foundation
import ParleyCore
import ParleyModel

extension LoadSummary {
    /// The JSON document's format version, bumped when a key changes meaning or goes away.
    public static let jsonVersion = 1

    /// The summary as `--json` writes it: the same figures as the table, durations in seconds to
    /// the microsecond (README, `parley load`, lists the keys).
    public var json: JSONValue {
        ReportJSON.object(
            ("version", ReportJSON.int(Self.jsonVersion)),
            ("model", Self.json(plan)),
            ("elapsed", Self.seconds(elapsed)),
            ("interrupted", .bool(interrupted)),
            (
                "runs",
                ReportJSON.object(
                    ("total", ReportJSON.int(runs)), ("passed", ReportJSON.int(passed)), ("failed", ReportJSON.int(failed)),
                    ("interrupted", ReportJSON.int(interruptedRuns)), ("dropped", ReportJSON.int(dropped)))
            ),
            ("steps", ReportJSON.object(("total", ReportJSON.int(steps)), ("failed", ReportJSON.int(failedSteps)))),
            ("throughput", ReportJSON.object(("runs_per_second", Self.rate(runsPerSecond)), ("steps_per_second", Self.rate(stepsPerSecond)))),
            ("error_rate", .number((errorRate * 1_000_000).rounded() / 1_000_000)),
            ("latency", Self.json(overall)),
            ("flows", .array(flows.map(Self.json))),
            (
                "errors",
                .array(errors.map {
                    ReportJSON.object(("message", .string($0.message)), ("location", .string($0.location)), ("count", ReportJSON.int($0.count)))
                })
            )
        )
    }

    private static func json(_ plan: LoadPlan) -> JSONValue {
        switch plan.model {
        case .closed(let users, let ramp):
            return ReportJSON.object(
                ("kind", "closed"), ("users", ReportJSON.int(users)), ("ramp", seconds(ramp)), ("duration", seconds(plan.duration)))
        case .open(let perSecond, let maxInFlight):
            return ReportJSON.object(
                ("kind", "open"), ("rate", .number(perSecond)), ("max_in_flight", ReportJSON.int(maxInFlight)),
                ("duration", seconds(plan.duration)))
        }
    }

    private static func json(_ flow: Flow) -> JSONValue {
        ReportJSON.object(
            ("name", .string(flow.name)), ("path", .string(flow.path)), ("runs", ReportJSON.int(flow.runs)),
            ("failed", ReportJSON.int(flow.failed)), ("duration", flow.duration.map(json)),
            (
                "steps",
                .array(flow.steps.map { step in
                    ReportJSON.object(
                        ("summary", .string(step.summary)), ("location", .string(step.location)), ("count", ReportJSON.int(step.count)),
                        ("failed", ReportJSON.int(step.failed)), ("latency", json(step.measures)))
                })
            ))
    }

    /// `{duration, first_token, reply_complete, run_finished}`, each only when measured.
    private static func json(_ measures: [LoadMeasure: LatencyFigures]) -> JSONValue {
        ReportJSON.object(LoadMeasure.allCases.map { ($0.rawValue, measures[$0].map(json)) })
    }

    /// `{count, p50, p90, p99, max}`, in seconds.
    private static func json(_ figures: LatencyFigures) -> JSONValue {
        ReportJSON.object(
            ("count", ReportJSON.int(figures.count)), ("p50", seconds(figures.p50)), ("p90", seconds(figures.p90)),
            ("p99", seconds(figures.p99)), ("max", seconds(figures.max)))
    }

    /// Seconds to the microsecond: `0.012345`.
    static func seconds(_ duration: Duration) -> JSONValue {
        .number((duration.inSeconds * 1_000_000).rounded() / 1_000_000)
    }

    private static func rate(_ value: Double) -> JSONValue {
        .number((value * 1000).rounded() / 1000)
    }
}
