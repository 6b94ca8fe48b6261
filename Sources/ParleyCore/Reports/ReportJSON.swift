import ParleyModel

/// The JSON shapes transcripts, the JSON report and the exec plugin's event lines share, so a key
/// means one thing everywhere. docs/reports.md documents every key.
public enum ReportJSON {
    /// Seconds, rounded to the millisecond: `1.234`.
    public static func seconds(_ duration: Duration) -> JSONValue {
        .number((duration.inSeconds * 1000).rounded() / 1000)
    }

    /// An object of the pairs whose value is present, in the order given.
    public static func object(_ pairs: (String, JSONValue?)...) -> JSONValue {
        object(pairs)
    }

    /// An object of the pairs whose value is present, in the order given.
    public static func object(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key, $0) } })
    }

    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// `file:line:column` and its parts.
    public static func location(_ location: SourceLocation) -> [(String, JSONValue?)] {
        [
            ("location", .string(location.description)), ("file", .string(location.file)),
            ("line", int(location.line)), ("column", int(location.column)),
        ]
    }

    /// A flow run: who it is, before anything about how it went.
    public static func run(_ run: FlowRun) -> [(String, JSONValue?)] {
        [
            ("id", .string(run.id)), ("name", .string(run.name)), ("path", .string(run.path)),
            ("location", .string(run.location.description)), ("tags", .array(run.tags.map(JSONValue.string))),
            ("row", run.row.map(int)), ("repetition", int(run.repetition)), ("attempt", int(run.attempt)),
            ("agent", run.agent.map(JSONValue.string)),
        ]
    }

    /// A step as it started.
    public static func step(_ step: StepInfo) -> JSONValue {
        object(("summary", .string(step.summary)), ("location", .string(step.location.description)), ("depth", int(step.depth)))
    }

    /// A failure: message, where, why and how long it waited.
    public static func failure(_ failure: StepFailure) -> JSONValue {
        object(
            [("message", .string(failure.message))] + location(failure.location)
                + [("cause", .string(failure.cause.rawValue)), ("waited", seconds(failure.waited))])
    }

    /// A step outcome as `outcome` plus `failure` or `attempts` when they apply.
    public static func outcome(_ outcome: StepOutcome) -> [(String, JSONValue?)] {
        switch outcome {
        case .passed: return [("outcome", "passed")]
        case .skipped: return [("outcome", "skipped")]
        case .failed(let failure): return [("outcome", "failed"), ("failure", self.failure(failure))]
        case .flaky(let attempts): return [("outcome", "flaky"), ("attempts", int(attempts))]
        }
    }

    /// A flow outcome as `outcome` plus `failure` or `reason` when they apply.
    public static func outcome(_ outcome: FlowOutcome) -> [(String, JSONValue?)] {
        switch outcome {
        case .passed: return [("outcome", "passed")]
        case .flaky: return [("outcome", "flaky")]
        case .failed(let failure): return [("outcome", "failed"), ("failure", self.failure(failure))]
        case .skipped(let reason): return [("outcome", "skipped"), ("reason", .string(reason))]
        }
    }

    /// A finished step with its outcome and timing.
    public static func stepResult(_ result: StepResult) -> JSONValue {
        object(
            [
                ("summary", .string(result.step.summary)), ("location", .string(result.step.location.description)),
                ("depth", int(result.step.depth)),
            ] + outcome(result.outcome) + [
                ("started", seconds(result.started)), ("duration", seconds(result.duration)), ("latency", latency(result.latencies)),
                ("meaning", result.meaning.isEmpty ? nil : .array(result.meaning.map(meaningCheck))),
            ])
    }

    /// One `similar`/`judge` decision: `{matcher, text, against, passed, score, threshold, model, reason}`.
    public static func meaningCheck(_ check: MeaningCheck) -> JSONValue {
        object(
            ("matcher", .string(check.kind.keyword)), ("text", .string(check.text)), ("against", .string(check.against)),
            ("passed", .bool(check.passed)), ("score", check.score.map(JSONValue.number)), ("threshold", check.threshold.map(JSONValue.number)),
            ("model", check.model.map(JSONValue.string)), ("reason", check.reason.map(JSONValue.string)))
    }

    /// `{first_token, reply_complete, run_finished}`, each in seconds from the user action and only
    /// when reached; nil when none was.
    public static func latency(_ latencies: [LatencyMeasure: Duration]) -> JSONValue? {
        guard !latencies.isEmpty else { return nil }
        return object(LatencyMeasure.allCases.map { ($0.rawValue, latencies[$0].map(seconds)) })
    }

    /// `{p50, p95, count}` in seconds.
    public static func spread(_ spread: RunSummary.Spread) -> JSONValue {
        object(("p50", seconds(spread.p50)), ("p95", seconds(spread.p95)), ("count", int(spread.count)))
    }

    /// `{first_token, reply_complete, run_finished}` spreads, each only when measured; nil when none was.
    public static func spreads(_ spreads: [LatencyMeasure: RunSummary.Spread]) -> JSONValue? {
        guard !spreads.isEmpty else { return nil }
        return object(LatencyMeasure.allCases.map { ($0.rawValue, spreads[$0].map(spread)) })
    }

    /// A delivery that failed: `{plugin, flow, method, url, attempts, cause, reason}`, `flow` only
    /// for a flow run's delivery.
    public static func deliveryFailure(_ failure: DeliveryFailure) -> JSONValue {
        object(
            ("plugin", .string(failure.plugin)), ("flow", failure.flow.map(JSONValue.string)), ("method", .string(failure.method)),
            ("url", .string(failure.url)),
            ("attempts", int(failure.attempts)), ("cause", .string(failure.cause.rawValue)), ("reason", .string(failure.reason)))
    }
}
