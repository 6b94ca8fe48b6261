import Foundation
import ParleyModel

extension LoadSummary {
    /// The summary for a terminal: the totals, then a table of percentiles overall, per flow and
    /// per step (its own duration, and the latencies of its turn reached while it ran), then the failures.
    public var table: String {
        var lines = [headline, totals, ""]
        var rows: [(String, LatencyFigures?)] = [("", nil)]
        rows.append(("all flows", nil))
        for measure in LoadMeasure.allCases {
            if let figures = overall[measure] { rows.append(("  " + (measure == .duration ? "flow run" : measure.label), figures)) }
        }
        for flow in flows {
            rows.append(("\(flow.name) (\(flow.path)): \(flow.runs) runs, \(flow.failed) failed", nil))
            if let duration = flow.duration { rows.append(("  flow run", duration)) }
            for step in flow.steps {
                let failed = step.failed > 0 ? ", \(step.failed) failed" : ""
                rows.append(("  \(Self.shortLocation(step.location)) \(step.summary)\(failed)", nil))
                for measure in LoadMeasure.allCases {
                    if let figures = step.measures[measure] { rows.append(("    " + measure.label, figures)) }
                }
            }
        }
        let labelWidth = min(72, rows.filter { $0.1 != nil }.map(\.0.count).max() ?? 0)
        for (label, figures) in rows {
            guard let figures else {
                lines.append(label.isEmpty ? Self.header(labelWidth) : label)
                continue
            }
            let cells = [String(figures.count)] + [figures.p50, figures.p90, figures.p99, figures.max].map(Self.text)
            lines.append(Self.pad(label, labelWidth) + cells.map { Self.pad($0, 10, right: true) }.joined())
        }
        if !errors.isEmpty {
            lines.append("")
            lines.append("failures:")
            for error in errors {
                lines.append("  \(error.count)× \(error.location.isEmpty ? "" : error.location + ": ")\(error.message)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `parley load: 10 users (ramp 30s) for 5m`, `, interrupted` when it was.
    var headline: String {
        Self.headline(plan) + (interrupted ? ", interrupted" : "")
    }

    /// `parley load: 10 users (ramp 30s) for 5m`, or `parley load: 5 runs/s (at most 1000 at once) for 5m`.
    public static func headline(_ plan: LoadPlan) -> String {
        switch plan.model {
        case .closed(let users, let ramp):
            let ramped = ramp > .zero ? " (ramp \(ramp.flowText))" : ""
            return "parley load: \(users) \(users == 1 ? "user" : "users")\(ramped) for \(plan.duration.flowText)"
        case .open(let perSecond, let maxInFlight):
            return "parley load: \(number(perSecond)) runs/s (at most \(maxInFlight) at once) for \(plan.duration.flowText)"
        }
    }

    /// Runs, steps, throughput and the error rate in one line.
    var totals: String {
        var parts = [
            "\(runs) runs in \(Self.text(elapsed)) (\(Self.number(runsPerSecond))/s)",
            "\(steps) steps (\(Self.number(stepsPerSecond))/s)",
            "\(failed) failed (error rate \(String(format: "%.2f", errorRate * 100))%)",
        ]
        if interruptedRuns > 0 { parts.append("\(interruptedRuns) interrupted") }
        if dropped > 0 { parts.append("\(dropped) dropped at the cap") }
        return parts.joined(separator: ", ")
    }

    private static func header(_ width: Int) -> String {
        pad("", width) + ["count", "p50", "p90", "p99", "max"].map { pad($0, 10, right: true) }.joined()
    }

    /// The location as written, a long folder path cut from the left so the figures stay in reach.
    private static func shortLocation(_ location: String) -> String {
        location.count > 48 ? "…" + location.suffix(47) : location
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = text.count > width ? String(text.prefix(max(0, width - 1))) + "…" : text
        let space = String(repeating: " ", count: max(0, width - cut.count))
        return right ? space + cut : cut + space
    }

    /// `0.412ms`, `12.3ms`, `1.24s`, `30s`, `5m` or `2m30s`.
    static func text(_ duration: Duration) -> String {
        let seconds = duration.inSeconds
        if seconds < 0.001 { return String(format: "%.3fms", seconds * 1000) }
        if seconds < 1 { return String(format: "%.1fms", seconds * 1000) }
        if seconds < 60 && seconds == seconds.rounded() { return "\(Int(seconds))s" }
        if seconds < 60 { return String(format: "%.2fs", seconds) }
        let whole = Int(seconds.rounded())
        return whole % 60 == 0 ? "\(whole / 60)m" : "\(whole / 60)m\(whole % 60)s"
    }

    static func number(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}
