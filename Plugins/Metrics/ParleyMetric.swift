import ParleyModel

/// The metric families Parley exposes, named by Prometheus' conventions (a `parley_` prefix, base
/// units, `_total` on counters). The `metrics` plugin writes them for a one-shot run; `parley
/// monitor`'s `/metrics` uses the same names, with a `check` label, so one dashboard serves both.
public struct ParleyMetric: Hashable, Sendable {
    /// The family's name: `parley_flow_runs_total`.
    public var name: String
    /// The `# HELP` text.
    public var help: String

    /// Flow runs finished, by flow, agent and outcome (passed, flaky, failed, skipped). Counter.
    public static let flowRuns = ParleyMetric(name: "parley_flow_runs_total", help: "Flow runs finished, by flow, agent and outcome.")
    /// How long each flow run took. Histogram, seconds.
    public static let flowDuration = ParleyMetric(name: "parley_flow_duration_seconds", help: "How long each flow run took.")
    /// From a user action to the agent's first text. Histogram, seconds, one observation per turn.
    public static let firstToken = ParleyMetric(
        name: "parley_first_token_latency_seconds", help: "From a user action to the agent's first text, per turn.")
    /// From a user action to the agent's complete reply. Histogram, seconds.
    public static let replyComplete = ParleyMetric(
        name: "parley_reply_complete_latency_seconds", help: "From a user action to the agent's complete reply, per turn.")
    /// From a user action to the agent's run finishing (AG-UI RUN_FINISHED). Histogram, seconds.
    public static let runFinished = ParleyMetric(
        name: "parley_run_finished_latency_seconds", help: "From a user action to the agent's run finishing, per turn.")
    /// How long the whole run of flows took. Gauge, seconds.
    public static let runDuration = ParleyMetric(name: "parley_run_duration_seconds", help: "How long the last run of flows took.")
    /// When the last run ended, Unix time. Gauge, seconds: `time() - …` is its staleness.
    public static let lastRunTimestamp = ParleyMetric(
        name: "parley_last_run_timestamp_seconds", help: "When the last run of flows ended, in seconds since the Unix epoch.")
    /// Whether the last run succeeded: every flow passed (flaky counts) and nothing interrupted it. Gauge, 0 or 1.
    public static let lastRunSuccess = ParleyMetric(
        name: "parley_last_run_success", help: "1 if every flow of the last run passed (flaky counts) and it was not interrupted, else 0.")

    /// The latency family for `measure`.
    public static func latency(_ measure: LatencyMeasure) -> ParleyMetric {
        switch measure {
        case .firstToken: return firstToken
        case .replyComplete: return replyComplete
        case .runFinished: return runFinished
        }
    }

    /// Every family, in the order the exposition lists them.
    public static let all: [ParleyMetric] = [
        flowRuns, flowDuration, firstToken, replyComplete, runFinished, runDuration, lastRunTimestamp, lastRunSuccess,
    ]

    /// The buckets of `parley_flow_duration_seconds`: a quick probe to a five-minute conversation.
    public static let flowDurationBuckets: [Duration] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300].map(Self.seconds)
    /// The buckets of the latency histograms: a streamed first token to a slow tool-calling reply.
    public static let latencyBuckets: [Duration] = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60].map(Self.seconds)

    /// The labels Parley sets itself, which `labels:` and `grouping:` may not use: `le` and
    /// `quantile` belong to histograms and summaries, `job` to the Pushgateway's URL.
    public static let reservedLabels: Set<String> = ["flow", "agent", "outcome", "le", "quantile", "job"]

    private static func seconds(_ value: Double) -> Duration {
        .nanoseconds(Int64((value * 1_000_000_000).rounded()))
    }
}
