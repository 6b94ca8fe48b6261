import ParleyCore
import ParleyModel

/// What the console shows, as a pure state machine: an event in, text to print out (STYLE 11).
///
/// Parallel flows interleave, so a flow's step, event and log lines are kept per flow run and
/// printed as one block under the flow's result line when it finishes.
struct ConsoleReport {
    let level: LogPlugin.Level
    let progress: Bool
    let style: ConsoleStyle
    /// Builds the text of debug lines, reached only at `debug`: at every other level events are
    /// not formatted at all (they were, and it cost 7-8% of a run's CPU). Tests count the calls.
    let timelineText: TimelineText

    /// Flow runs the suite announced (first attempts): the counter's denominator.
    private(set) var total = 0
    /// Flows finished so far, retries of one flow counted once: the counter's numerator.
    private var finished: Set<Slot> = []
    private var open: [String: OpenFlow] = [:]
    private var printedAnything = false

    /// One flow run whose lines are being gathered.
    private struct OpenFlow {
        var started: Duration
        var depth = 0
        var lines: [String] = []
    }

    /// A flow run less its attempt: retries of one flow count once.
    private struct Slot: Hashable {
        var path: String
        var name: String
        var row: Int?
        var repetition: Int
    }

    init(level: LogPlugin.Level, progress: Bool, style: ConsoleStyle, timelineText: @escaping TimelineText = ConsoleReport.timelineLine) {
        self.level = level
        self.progress = progress
        self.style = style
        self.timelineText = timelineText
    }

    /// Whether events of this flow id are being gathered (for the plugin's own diagnostics).
    func isOpen(_ id: String) -> Bool { open[id] != nil }

    /// Takes one event; returns text to print now (whole lines, each ending in a newline), if any.
    mutating func receive(_ event: PluginEvent) -> String? {
        guard let run = event.flow else {
            if case .runStarted(let runs) = event.kind { total = runs.count }
            return nil
        }
        switch event.kind {
        case .runStarted(let runs):
            total = runs.count
        case .flowStarted:
            open[run.id] = OpenFlow(started: event.time)
        case .stepStarted(let step):
            open[run.id, default: OpenFlow(started: event.time)].depth = step.depth
            timeline(run, event)
        case .userAction, .agentEvent, .stepFinished:
            timeline(run, event)
        case .log(let text):
            if level == .debug {
                timeline(run, event)
            } else if level >= .info {
                open[run.id, default: OpenFlow(started: event.time)].lines.append("    log: " + ConsoleStyle.safe(text))
            }
        case .flowFinished(let result):
            return flowFinished(result)
        }
        return nil
    }

    /// The closing summary: counts, interruption, every failure again, plugin failures and failed deliveries.
    mutating func summary(_ summary: RunSummary) -> String {
        let count = summary.results.count
        func part(_ number: Int, _ word: String, _ tint: ConsoleStyle.Tint) -> String {
            number > 0 ? style.paint("\(number) \(word)", tint) : "\(number) \(word)"
        }
        var lines = [
            "\(count) \(count == 1 ? "flow" : "flows"): \(part(summary.passed, "passed", .green)), "
                + "\(part(summary.flaky, "flaky", .yellow)), \(part(summary.failed, "failed", .red)), "
                + "\(part(summary.skipped, "skipped", .yellow)) in \(ConsoleStyle.duration(summary.duration))"
        ]
        for rate in summary.passRates {
            let percent = Int((rate.rate * 100).rounded())
            let tint: ConsoleStyle.Tint = rate.passed == rate.runs ? .green : .red
            lines.append("pass rate \(style.paint("\(rate.passed)/\(rate.runs) (\(percent)%)", tint)): \(ConsoleStyle.safe(rate.name))")
        }
        if summary.interrupted {
            lines.append(style.paint("interrupted: flows that had not finished count as skipped", .yellow))
        }
        for result in summary.results {
            if case .failed(let failure) = result.outcome { lines.append(ConsoleStyle.safe(failure.rendered)) }
        }
        for failure in summary.pluginFailures {
            lines.append(style.paint("plugin failed: ", .red) + ConsoleStyle.safe(failure))
        }
        for failure in summary.deliveryFailures {
            lines.append(style.paint("delivery failed: ", .red) + ConsoleStyle.safe(failure.description))
        }
        let text = (printedAnything ? "\n" : "") + lines.joined(separator: "\n") + "\n"
        printedAnything = true
        return text
    }

    private mutating func flowFinished(_ result: FlowResult) -> String? {
        let run = result.run
        let gathered = open.removeValue(forKey: run.id)?.lines ?? []
        finished.insert(Slot(path: run.path, name: run.name, row: run.row, repetition: run.repetition))
        // The name carries the data row and the repetition already.
        let name = ConsoleStyle.safe(run.attempt > 1 ? "\(run.name) (attempt \(run.attempt))" : run.name)
        let time = style.paint(ConsoleStyle.duration(result.duration), .dim)
        var lines: [String]
        // A pass on a later attempt is flaky by definition, whatever the event says.
        switch result.outcome == .passed && run.attempt > 1 ? .flaky : result.outcome {
        case .passed:
            guard level >= .info else { return nil }
            lines = ["\(style.paint("✓", .green)) \(name)  \(time)"]
        case .flaky:
            guard level >= .warning else { return nil }
            lines = ["\(style.paint("~", .yellow)) \(name)  \(time) (flaky)"]
        case .skipped(let reason):
            guard level >= .warning else { return nil }
            lines = ["\(style.paint("-", .yellow)) \(name) (skipped: \(ConsoleStyle.safe(reason)))"]
        case .failed(let failure):
            lines = [
                "\(style.paint("✗", .red)) \(name)  \(time)",
                style.paint("    " + ConsoleStyle.safe(failure.rendered), .red),
            ]
        }
        if progress && total > 0 { lines[0] = "[\(finished.count)/\(total)] " + lines[0] }
        printedAnything = true
        return (lines + gathered).joined(separator: "\n") + "\n"
    }

    /// Adds a debug timeline line: the time from the flow's start, then the event's text under its
    /// step. Below `debug` it returns before anything is formatted.
    private mutating func timeline(_ run: FlowRun, _ event: PluginEvent) {
        guard level == .debug, let line = timelineText(event.kind, style) else { return }
        // Appended in place: a copy of the flow taken out and put back copied all its lines per line.
        let (started, flowDepth) = open[run.id].map { ($0.started, $0.depth) } ?? (event.time, 0)
        let indent = String(repeating: "  ", count: line.depth ?? flowDepth + 1)
        open[run.id, default: OpenFlow(started: event.time)].lines.append(
            "    \(ConsoleStyle.clock(event.time - started)) \(indent)\(line.text)")
    }
}
