import Foundation
import ParleyModel

/// The status page at `/`: one self-contained HTML document (inline CSS and SVG, no script, no
/// external file), readable by a person and by a headless browser's DOM. Every text that came
/// from a flow, an agent or a check's name is escaped. Pure: `html` depends on its inputs only.
///
/// Each check is a `<section class="check" data-check="NAME" data-state="up|down|pending">` with
/// its state, a latency trend, its last runs and, when it has one, its last failure's message and
/// transcript. The page reloads itself every 30 s (a meta refresh: no script needed).
struct StatusPage: Sendable {
    var checks: [CheckStatus]
    /// When the page was made, shown in its header.
    var updated: Date
    /// Rows of the last-runs table; the trend draws every kept run.
    var tableRows = 10

    var html: String {
        let up = checks.filter { $0.state == .up }.count
        let down = checks.filter { $0.state == .down }.count
        let pending = checks.count - up - down
        var summary = ["\(checks.count) check\(checks.count == 1 ? "" : "s")"]
        summary.append(#"<span class="state up">\#(up) up</span>"#)
        summary.append(#"<span class="state down">\#(down) down</span>"#)
        if pending > 0 { summary.append(#"<span class="state pending">\#(pending) without runs yet</span>"#) }
        let title = down > 0 ? "\(down) down · Parley monitor" : "Parley monitor"

        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="refresh" content="30">
            <title>\(HTML.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>Parley monitor</h1>
            <p class="summary">\(summary.joined(separator: " · ")) · updated <time datetime="\(Self.iso(updated))">\(Self.time(updated))</time></p>

            """
        if !checks.isEmpty {
            out += #"<nav><ul>"#
            for check in checks {
                out += ##"<li><a href="#\##(Self.anchor(check.name))" class="pill \##(check.state.rawValue)">\##(HTML.escape(check.name))</a></li>"##
            }
            out += "</ul></nav>\n"
        }
        out += "</header>\n<main>\n"
        if checks.isEmpty { out += #"<p class="empty">No checks.</p>"# + "\n" }
        for check in checks { out += section(check) }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    private func section(_ check: CheckStatus) -> String {
        let name = HTML.escape(check.name)
        let state = check.state.rawValue
        var out = #"<section class="check \#(state)" id="\#(Self.anchor(check.name))" data-check="\#(name)" data-state="\#(state)">"# + "\n"
        let badge: String
        switch check.state {
        case .pending: badge = "no runs yet"
        case .up: badge = "up"
        case .down: badge = "down"
        }
        out += #"<h2><span class="name">\#(name)</span> <span class="badge \#(state)">\#(badge)</span>"#
        if let since = check.runningSince {
            out += #" <span class="running">running since <time datetime="\#(Self.iso(since))">\#(Self.time(since))</time></span>"#
        }
        out += "</h2>\n"

        var facts: [String] = []
        if let last = check.runs.last {
            facts.append(#"last run <time datetime="\#(Self.iso(last.startedAt))">\#(Self.time(last.startedAt))</time>: \#(last.outcome.rawValue) in \#(Self.duration(last.duration))"#)
        }
        let failures = check.consecutiveFailures
        if failures > 0 { facts.append("\(failures) failure\(failures == 1 ? "" : "s") in a row") }
        let counting = check.runs.filter { $0.outcome.counts }
        if !counting.isEmpty {
            facts.append("\(counting.filter { $0.outcome.isUp }.count) of the last \(counting.count) runs passed")
        }
        if !facts.isEmpty { out += #"<p class="facts">\#(facts.joined(separator: " · "))</p>"# + "\n" }

        if !check.runs.isEmpty {
            out += #"<figure class="trend">"# + LatencyTrend(records: check.runs, check: check.name).svg
            out += "<figcaption>Latency per run (mean over its turns), oldest left; ticks below: each run's outcome.</figcaption></figure>\n"
            out += runsTable(check.runs)
        }
        if let failure = check.lastFailure { out += failureBlock(failure, current: check.state == .down) }
        out += "</section>\n"
        return out
    }

    private func runsTable(_ runs: [CheckRecord]) -> String {
        let shown = runs.suffix(tableRows).reversed()
        var out = #"<h3>Last runs</h3><table class="runs"><thead><tr><th>started</th><th>outcome</th><th>duration</th><th>flows</th><th>first failure</th></tr></thead><tbody>"#
        for run in shown {
            let outcome = run.outcome.rawValue
            let flows = run.flows > 0 ? "\(run.passedFlows)/\(run.flows)" : ""
            let message = run.outcome.isUp ? "" : (run.message.map(Self.firstLine) ?? "")
            out += #"<tr class="\#(outcome)" data-outcome="\#(outcome)"><td><time datetime="\#(Self.iso(run.startedAt))">\#(Self.time(run.startedAt))</time></td>"#
            out += #"<td class="outcome">\#(outcome)</td><td class="num">\#(Self.duration(run.duration))</td><td class="num">\#(flows)</td>"#
            out += #"<td class="message">\#(HTML.escape(message))</td></tr>"#
        }
        out += "</tbody></table>\n"
        if runs.count > tableRows { out += #"<p class="note">The last \#(tableRows) of \#(runs.count) kept runs.</p>"# + "\n" }
        return out
    }

    private func failureBlock(_ failure: CheckRecord, current: Bool) -> String {
        var out = #"<div class="failure"><h3>Last failure</h3>"#
        out += #"<p><time datetime="\#(Self.iso(failure.startedAt))">\#(Self.time(failure.startedAt))</time>: \#(failure.outcome.rawValue) after \#(Self.duration(failure.duration))"#
        if failure.flows > 0 { out += ", \(failure.passedFlows) of \(failure.flows) flows passed" }
        out += "</p>\n"
        out += #"<pre class="message">\#(HTML.escape(failure.message ?? "(no message)"))</pre>"# + "\n"
        if let transcript = failure.transcript, !transcript.isEmpty {
            let lines = TranscriptView.lines(transcript)
            out += #"<details class="transcript"\#(current ? " open" : "")><summary>Transcript of the failing flow (\#(lines.count) lines)</summary><pre class="transcript">"#
            for line in lines {
                // Each line is a block already: a newline between them would double the spacing.
                out += #"<span class="line \#(line.kind.rawValue)"><span class="t">\#(HTML.escape(line.time))</span> \#(HTML.escape(line.text))</span>"#
            }
            out += "</pre></details>\n"
        }
        out += "</div>\n"
        return out
    }

    // MARK: Formatting

    /// A fragment id for a check: its name with spaces and `#` replaced (ids may hold anything else).
    static func anchor(_ name: String) -> String {
        HTML.escape("check-" + String(name.map { $0.isWhitespace || $0 == "#" ? "-" : $0 }))
    }

    static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `2026-11-26 22:40:01 UTC`: UTC, as cron schedules and the console line are.
    static func time(_ date: Date) -> String {
        let iso = date.formatted(.iso8601)
        return iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    /// `850ms`, `1.23s`, `2m 05s`.
    static func duration(_ duration: Duration) -> String {
        let seconds = duration.inSeconds
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        if seconds < 60 { return String(format: "%.2fs", seconds) }
        let whole = Int(seconds.rounded())
        return String(format: "%dm %02ds", whole / 60, whole % 60)
    }

    static let style = """
        :root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#fafafa}
        body{margin:0 auto;max-width:980px;padding:16px}
        h1{font-size:1.5em;margin:0 0 4px}
        h2{font-size:1.2em;margin:0 0 6px}
        h3{font-size:1em;margin:14px 0 6px}
        .summary,.facts,.note{color:#555;margin:4px 0}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}
        a.pill{display:inline-block;padding:2px 10px;border-radius:10px;text-decoration:none;color:#fff;background:#757575}
        a.pill.up{background:#2e7d32}a.pill.down{background:#c62828}
        .state.up{color:#1b5e20}.state.down{color:#b71c1c}.state.pending{color:#616161}
        section.check{background:#fff;border:1px solid #ddd;border-left:6px solid #9e9e9e;border-radius:4px;padding:12px 16px;margin:14px 0}
        section.check.up{border-left-color:#2e7d32}section.check.down{border-left-color:#c62828}
        .badge{font-size:.8em;padding:1px 8px;border-radius:10px;color:#fff;background:#757575;vertical-align:middle}
        .badge.up{background:#2e7d32}.badge.down{background:#c62828}
        .running{font-size:.8em;color:#1565c0;font-weight:normal}
        figure.trend{margin:8px 0}figure.trend svg{max-width:100%;height:auto;background:#fff}
        figcaption{font-size:.8em;color:#666}
        table.runs{border-collapse:collapse;width:100%;font-size:.9em}
        table.runs th,table.runs td{text-align:left;padding:3px 8px;border-bottom:1px solid #eee;vertical-align:top}
        table.runs td.num{text-align:right;white-space:nowrap}
        tr.passed td.outcome{color:#2e7d32}tr.failed td.outcome,tr.error td.outcome,tr.timed_out td.outcome{color:#c62828;font-weight:600}
        tr.interrupted td.outcome{color:#757575}
        td.message{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em;word-break:break-word}
        pre{background:#f5f5f5;border:1px solid #e0e0e0;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;font-size:.85em}
        pre.message{border-left:4px solid #c62828}
        .line{display:block}.line .t{color:#888}.line.user{color:#0d47a1}.line.agent{color:#4a148c}
        .line.passed{color:#2e7d32}.line.failed{color:#c62828;font-weight:600}.line.note{color:#555}
        summary{cursor:pointer;color:#333}
        """
}
