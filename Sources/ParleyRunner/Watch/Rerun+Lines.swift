import ParleyCore

/// The one line `parley run --watch` prints for each rerun.
extension Rerun {
    /// `changed: a.flow.yaml — 3 flows: 2 passed, 1 failed`, after a rerun; flaky and skipped
    /// flows are counted only when there are some.
    public func line(_ summary: RunSummary) -> String {
        let count = summary.results.count
        var parts = ["\(summary.passed) passed"]
        if summary.flaky > 0 { parts.append("\(summary.flaky) flaky") }
        parts.append("\(summary.failed) failed")
        if summary.skipped > 0 { parts.append("\(summary.skipped) skipped") }
        let interrupted = summary.interrupted ? " (interrupted)" : ""
        return "\(prefix) — \(count) \(count == 1 ? "flow" : "flows"): \(parts.joined(separator: ", "))\(interrupted)"
    }

    /// When planning found errors (printed above it): nothing ran, and the watch goes on.
    public func invalidLine(errors: Int) -> String {
        "\(prefix) — \(errors) \(errors == 1 ? "error" : "errors"), nothing ran; waiting for the next change"
    }

    /// When no flow is left to run: the changed flows are gone or `--tag`/`--exclude-tag` leave them out.
    public var idleLine: String {
        "\(prefix) — no flow to run"
    }

    /// `changed: a, b, c and 2 more`.
    var prefix: String {
        let shown = changed.prefix(3).joined(separator: ", ")
        return "changed: " + (changed.count > 3 ? "\(shown) and \(changed.count - 3) more" : shown)
    }
}
