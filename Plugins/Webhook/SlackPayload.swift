import Foundation
import ParleyCore
import ParleyModel

/// Slack incoming-webhook bodies (`format: slack`): `{"text": "…"}` with a short readable summary.
public enum SlackPayload {
    /// Longest failure lines listed for a run before `… and N more`.
    static let listedFailures = 10

    /// `{"text": ":x: Parley flow failed: Order status (Flows/01.flow.yaml) in 2.1s\n…"}`.
    public static func flow(_ result: FlowResult) -> JSONValue {
        let word = WebhookPayload.outcomeWord(result.outcome)
        var lines = [
            "\(icon(for: result.outcome)) Parley flow \(word): *\(escape(result.run.name))* "
                + "(\(escape(result.run.path))) in \(result.duration.flowText)"
        ]
        switch result.outcome {
        case .passed, .flaky: break
        case .failed(let failure): lines.append(escape(failure.rendered))
        case .skipped(let reason): lines.append(escape(reason))
        }
        return message(lines)
    }

    /// `{"text": ":x: Parley run failed: 3 passed, 1 failed, 0 flaky, 0 skipped in 12s\n• …"}`.
    public static func run(_ summary: RunSummary) -> JSONValue {
        let outcome = WebhookPayload.runOutcome(summary)
        let counts = "\(summary.passed) passed, \(summary.failed) failed, \(summary.flaky) flaky, \(summary.skipped) skipped"
        let icon = summary.succeeded ? ":white_check_mark:" : ":x:"
        var lines = ["\(icon) Parley run \(outcome): \(counts) in \(summary.duration.flowText)"]
        var failures: [String] = []
        for result in summary.results {
            guard case .failed(let failure) = result.outcome else { continue }
            failures.append("• *\(escape(result.run.name))*: \(escape(failure.rendered))")
        }
        lines += failures.prefix(listedFailures)
        if failures.count > listedFailures { lines.append("… and \(failures.count - listedFailures) more") }
        lines += summary.pluginFailures.map { "• plugin: \(escape($0))" }
        return message(lines)
    }

    private static func icon(for outcome: FlowOutcome) -> String {
        switch outcome {
        case .passed: return ":white_check_mark:"
        case .flaky: return ":warning:"
        case .failed: return ":x:"
        case .skipped: return ":fast_forward:"
        }
    }

    private static func message(_ lines: [String]) -> JSONValue {
        .object([JSONMember("text", .string(lines.joined(separator: "\n")))])
    }

    /// Slack's three control characters in message text.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
