import Foundation
import ParleyCore
import ParleyModel

/// A failed flow's JSONL transcript (docs/reports.md) told for a person, as the `files` plugin's
/// readable transcript tells it: one line per user action (→), agent event (←), finished step
/// (✓ ✗ ~ -) and `log:` text, each with seconds from the flow's start. Streamed parts
/// (`text_delta`, `tool_call_args`…) are left out: the assembled reply or tool call says the same.
/// Pure: the status page escapes what comes out.
struct TranscriptView: Sendable {
    /// One line, and how the page colours it.
    struct Line: Hashable, Sendable {
        enum Kind: String, Hashable, Sendable {
            /// The flow acted (a message sent, a tap).
            case user
            /// The agent did something.
            case agent
            case passed
            case failed
            /// A note: a `log:` step, a skipped step, the flow's end, a cut.
            case note
        }
        var time: String
        var kind: Kind
        var text: String
    }

    /// The agent event kinds whose assembled event repeats them.
    static let streamedKinds: Set<String> = ["text_start", "text_delta", "text_end", "tool_call_start", "tool_call_args", "tool_call_end"]

    /// The lines of `jsonl`; a line that is not JSON is kept as it is (a cut transcript's tail).
    static func lines(_ jsonl: String) -> [Line] {
        jsonl.split(whereSeparator: \.isNewline).compactMap { raw in
            guard let value = try? JSONValue(parsing: String(raw)) else { return Line(time: "", kind: .note, text: String(raw)) }
            return line(value)
        }
    }

    private static func line(_ value: JSONValue) -> Line? {
        let time = value["time"].flatMap(number).map { String(format: "%7.3f", $0) } ?? ""
        switch string(value["type"]) ?? "" {
        case "user_action":
            let action = string(value["action"]) ?? "action"
            return Line(time: time, kind: .user, text: "→ \(action) \(describe(value["fields"]))")
        case "agent_event":
            let kind = string(value["kind"]) ?? "event"
            guard !streamedKinds.contains(kind) else { return nil }
            return Line(time: time, kind: .agent, text: "← \(kind) \(describe(value["fields"]))".trimmingTrailingSpaces)
        case "step_finished":
            let summary = string(value["step"]?["summary"]) ?? "step"
            let depth = value["step"]?["depth"].flatMap(number).map { Int($0) } ?? 0
            let indent = String(repeating: "  ", count: max(0, min(depth, 8)))
            switch string(value["outcome"]) ?? "" {
            case "passed": return Line(time: time, kind: .passed, text: "\(indent)✓ \(summary)")
            case "failed":
                let message = string(value["failure"]?["message"]).map { ": \($0)" } ?? ""
                return Line(time: time, kind: .failed, text: "\(indent)✗ \(summary)\(message)")
            case "flaky": return Line(time: time, kind: .passed, text: "\(indent)~ \(summary) (flaky)")
            default: return Line(time: time, kind: .note, text: "\(indent)- \(summary) (skipped)")
            }
        case "log":
            return Line(time: time, kind: .note, text: "log: \(string(value["text"]) ?? "")")
        case "flow_finished":
            let outcome = string(value["outcome"]) ?? "finished"
            return Line(time: time, kind: outcome == "failed" ? .failed : .note, text: "flow \(outcome)")
        case "cut":
            return Line(time: time, kind: .note, text: "(\(string(value["reason"]) ?? "cut"))")
        default:
            // run_started, flow_started, step_started: the lines after them say it.
            return nil
        }
    }

    /// An event's fields on one line: a reply's text quoted first, the rest as compact JSON.
    private static func describe(_ fields: JSONValue?) -> String {
        guard let fields else { return "" }
        guard case .object(let members) = fields else { return fields.compactText() }
        if members.isEmpty { return "" }
        if let text = string(fields["text"]) {
            let rest = members.filter { $0.key != "text" && !isEmpty($0.value) }
            return JSONValue.quoted(text) + (rest.isEmpty ? "" : " " + JSONValue.object(rest).compactText())
        }
        return fields.compactText()
    }

    private static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .array(let items): return items.isEmpty
        case .object(let members): return members.isEmpty
        case .string(let text): return text.isEmpty
        case .bool, .number: return false
        }
    }

    private static func string(_ value: JSONValue?) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    private static func number(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
