import ParleyCore
import ParleyModel

/// The `exec` plugin's event format: one JSON object per line, each with the format's `version`
/// and a `type`, written the way transcripts write the same event (docs/exec.md lists every line;
/// `schema()` is its JSON Schema).
///
/// Within a version, lines only gain keys and types; a reader ignores keys and types it does not
/// know. A key that changes meaning or goes away is a new version.
public struct EventLines: Sendable {
    /// The format's version, on every line.
    public static let version = 1

    /// When each flow run under way started, by id: a line's `time` counts from it.
    private var flowStarts: [String: Duration] = [:]

    /// A format with no flow run started yet.
    public init() {}

    /// The line for `event`: `{"version":1,"type":"flow_started","time":0,"suite_time":0.01,…}`.
    public mutating func line(for event: PluginEvent) -> JSONValue {
        guard let run = event.flow else { return Self.versioned(TranscriptLine.json(for: event, run: nil, flowStarted: .zero)) }
        switch event.kind {
        case .flowStarted: flowStarts[run.id] = event.time
        case .runStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log, .flowFinished: break
        }
        // A flow skipped before it started (Ctrl-C, --fail-fast) finishes at its own start.
        let started = flowStarts[run.id] ?? event.time
        if case .flowFinished = event.kind { flowStarts[run.id] = nil }
        return Self.versioned(TranscriptLine.json(for: event, run: run, flowStarted: started))
    }

    /// The last line: `{"version":1,"type":"run_finished","suite_time":6,"summary":{…}}`, where
    /// `summary` is the JSON report (docs/reports.md) of the summary plugins finish with.
    public static func finished(_ summary: RunSummary) -> JSONValue {
        versioned(
            ReportJSON.object(
                ("type", "run_finished"), ("suite_time", ReportJSON.seconds(summary.duration)),
                ("summary", JSONReport.json(summary, transcripts: [:]))))
    }

    /// `line` with `version` first.
    private static func versioned(_ line: JSONValue) -> JSONValue {
        guard case .object(let members) = line else { return line }
        return .object([JSONMember("version", .number(Double(version)))] + members)
    }
}
