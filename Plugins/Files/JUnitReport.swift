import Foundation
import ParleyCore
import ParleyModel

/// The run as JUnit XML, the shape Jenkins and GitLab read: one `<testsuite>` named `parley`, one
/// `<testcase>` per flow run; a failure's text is `file:line:column: message`, a skipped flow has
/// `<skipped/>`, and a flaky one passes with a `<system-out>` note.
enum JUnitReport {
    /// The whole document; `transcripts` holds readable transcripts by flow run id, written as
    /// the `system-out` of failed flows.
    static func xml(_ summary: RunSummary, transcripts: [String: String] = [:]) -> String {
        let counts = [
            ("tests", String(summary.results.count)), ("failures", String(summary.failed)), ("errors", "0"),
            ("skipped", String(summary.skipped)), ("time", seconds(summary.duration)),
            ("timestamp", timestamp(summary.startedAt)),
        ]
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites\(attributes([("name", "parley")] + counts))>",
            "  <testsuite\(attributes([("name", "parley")] + counts))>",
        ]
        if summary.interrupted {
            lines += [
                "    <properties>", "      <property\(attributes([("name", "interrupted"), ("value", "true")]))/>",
                "    </properties>",
            ]
        }
        for result in summary.results {
            lines += testcase(result, transcript: transcripts[result.run.id])
        }
        if !summary.pluginFailures.isEmpty {
            let text = summary.pluginFailures.map { "plugin failed: \($0)" }.joined(separator: "\n")
            lines.append("    <system-err>\(XMLText.escape(text))</system-err>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testcase(_ result: FlowResult, transcript: String?) -> [String] {
        let run = result.run
        let open =
            "    <testcase"
            + attributes([
                ("name", run.name), ("classname", classname(run.path)), ("file", run.path), ("line", String(run.location.line)),
                ("time", seconds(result.duration)),
            ])
        switch result.outcome {
        case .passed:
            return [open + "/>"]
        case .flaky:
            let note = "flaky: passed only on a retry" + (run.attempt > 1 ? " (attempt \(run.attempt))" : "")
            return [open + ">", "      <system-out>\(XMLText.escape(note))</system-out>", "    </testcase>"]
        case .skipped(let reason):
            return [open + ">", "      <skipped\(attributes([("message", reason)]))/>", "    </testcase>"]
        case .failed(let failure):
            let body = XMLText.escape(failure.rendered)
            // What happened before the failure, for a reader who has only the CI page.
            let output = transcript.map { ["      <system-out>\(XMLText.escapeLines($0))</system-out>"] } ?? []
            return [
                open + ">",
                "      <failure\(attributes([("message", failure.message), ("type", failure.cause.rawValue)]))>\(body)</failure>",
            ] + output + ["    </testcase>"]
        }
    }

    /// ` name="value"` for each pair, escaped.
    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(XMLText.escape($0.1))\"" }.joined()
    }

    /// `Flows/01-order.flow.yaml` → `Flows.01-order`: the path as the dotted name CI servers group
    /// by (Jenkins shows the part before the last dot as the package).
    static func classname(_ path: String) -> String {
        var path = Substring(path)
        for suffix in [".flow.yaml", ".flow.yml", ".yaml", ".yml"] where path.hasSuffix(suffix) {
            path = path.dropLast(suffix.count)
            break
        }
        let parts = path.split(separator: "/").filter { $0 != "." && $0 != ".." }
        return parts.isEmpty ? "flow" : parts.joined(separator: ".")
    }

    /// Seconds with three decimals, never in exponent form: `1.200`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        let millis = max(0, whole * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000)
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// The JUnit timestamp: ISO 8601 in UTC without a zone suffix, `2026-01-31T09:30:00`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withFullDate, .withTime, .withDashSeparatorInDate, .withColonSeparatorInTime]
        return formatter.string(from: date)
    }
}
