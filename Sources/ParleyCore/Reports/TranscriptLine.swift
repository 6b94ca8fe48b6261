import ParleyModel

/// One event as a JSON line: a line of a flow's JSONL transcript (the `files` plugin) and, with a
/// `version` in front, of the `exec` plugin's input. docs/reports.md lists the keys.
public enum TranscriptLine {
    /// The line's JSON: `type`, `time` (seconds from the flow's start), `suite_time` (seconds from
    /// the suite's start), `flow` (the run id), then what the event type carries. A suite-level
    /// event (`run` nil: `run_started`) has no `time` or `flow`.
    public static func json(for event: PluginEvent, run: FlowRun?, flowStarted: Duration) -> JSONValue {
        let common: [(String, JSONValue?)] = [
            ("time", run.map { _ in ReportJSON.seconds(event.time - flowStarted) }), ("suite_time", ReportJSON.seconds(event.time)),
            ("flow", run.map { .string($0.id) }),
        ]
        func line(_ type: String, _ rest: [(String, JSONValue?)]) -> JSONValue {
            ReportJSON.object([("type", .string(type))] + common + rest)
        }
        switch event.kind {
        case .runStarted(let runs):
            return line(
                "run_started",
                [("flows", ReportJSON.int(runs.count)), ("runs", .array(runs.map { ReportJSON.object(ReportJSON.run($0)) }))])
        case .flowStarted:
            return line("flow_started", [("run", run.map { ReportJSON.object(ReportJSON.run($0)) })])
        case .stepStarted(let step):
            return line("step_started", [("step", ReportJSON.step(step))])
        case .userAction(let action):
            return line("user_action", [("action", .string(action.kind.rawValue)), ("fields", action.fields)])
        case .agentEvent(let agentEvent, let offset):
            let kinds = agentEvent.kinds.map(\.rawValue)
            return line(
                "agent_event",
                [
                    ("kind", .string(kinds.first ?? "raw")), ("kinds", .array(kinds.map(JSONValue.string))),
                    ("offset", ReportJSON.seconds(offset)), ("fields", agentEvent.fields),
                ])
        case .stepFinished(let result):
            return line(
                "step_finished",
                [("step", ReportJSON.step(result.step))] + ReportJSON.outcome(result.outcome)
                    + [
                        ("duration", ReportJSON.seconds(result.duration)), ("latency", ReportJSON.latency(result.latencies)),
                        ("meaning", result.meaning.isEmpty ? nil : .array(result.meaning.map(ReportJSON.meaningCheck))),
                    ])
        case .log(let text):
            return line("log", [("text", .string(text))])
        case .flowFinished(let result):
            // A pass on a later attempt is flaky by definition, whatever the event says.
            let outcome = result.outcome == .passed && (run ?? result.run).attempt > 1 ? .flaky : result.outcome
            return line(
                "flow_finished",
                ReportJSON.outcome(outcome) + [
                    ("duration", ReportJSON.seconds(result.duration)), ("events", ReportJSON.int(result.eventCount)),
                ])
        }
    }
}
