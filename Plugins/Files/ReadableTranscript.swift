import Foundation
import ParleyCore
import ParleyModel

/// A flow run told for a person, as JUnit's `<system-out>` holds it for a failed flow: one line per
/// user action, agent event, finished step and `log:` text, each with seconds from the flow's
/// start. Replies and tool calls appear assembled; their streamed parts (`text_delta`,
/// `tool_call_args`…) are left out, since the assembled event says the same once.
///
/// It reads the flow's transcript lines (`TranscriptLine`), so a live run and `parley report`
/// reading a JSONL transcript back tell it the same way. Events arrive masked, so no secret
/// reaches these lines.
struct ReadableTranscript: Sendable {
    /// The most lines kept; a flow that runs longer keeps its last ones, where the failure is.
    static let limit = 2000

    /// Streamed parts of what an assembled event says once.
    static let streamedKinds: Set<String> = ["text_start", "text_delta", "text_end", "tool_call_start", "tool_call_args", "tool_call_end"]

    private var lines: [String] = []
    private var dropped = 0

    init() {}

    /// The transcript so far.
    var text: String {
        let note = dropped > 0 ? ["(\(dropped) earlier lines left out)"] : []
        return (note + lines).joined(separator: "\n")
    }

    /// Adds one transcript line.
    mutating func add(_ line: JSONValue) {
        guard case .string(let type)? = line["type"] else { return }
        let seconds: Double
        if case .number(let time)? = line["time"] { seconds = time } else { seconds = 0 }
        let time = String(format: "%7.3f", seconds)
        switch type {
        case "user_action":
            append("\(time) → \(Self.text(line["action"])) \((line["fields"] ?? .object([])).compactText())")
        case "agent_event":
            guard let described = Self.describe(line) else { return }
            append("\(time) ← \(described)")
        case "step_finished":
            let depth = Int(Self.number(line["step"]?["depth"]))
            let indent = String(repeating: "  ", count: max(0, depth))
            let summary = Self.text(line["step"]?["summary"])
            switch Self.text(line["outcome"]) {
            case "passed": append("\(time) \(indent)✓ \(summary)")
            case "flaky": append("\(time) \(indent)~ \(summary) (flaky, attempt \(Int(Self.number(line["attempts"]))))")
            case "skipped": append("\(time) \(indent)- \(summary) (skipped)")
            default: append("\(time) \(indent)✗ \(summary): \(Self.text(line["failure"]?["message"]))")
            }
        case "log":
            append("\(time) log: \(Self.text(line["text"]))")
        default:
            return
        }
    }

    private mutating func append(_ line: String) {
        lines.append(line)
        if lines.count > Self.limit {
            lines.removeFirst()
            dropped += 1
        }
    }

    /// How an agent event reads, or nil for a streamed part its assembled event repeats.
    private static func describe(_ line: JSONValue) -> String? {
        let kind = text(line["kind"])
        guard !streamedKinds.contains(kind) else { return nil }
        let fields = line["fields"] ?? .object([])
        if kind == "reply" {
            var suggestions = ""
            if case .array(let offered)? = fields["suggestions"], !offered.isEmpty {
                suggestions = " suggestions: " + offered.map { JSONValue.quoted(text($0)) }.joined(separator: ", ")
            }
            return "reply \(JSONValue.quoted(text(fields["text"])))\(suggestions)"
        }
        if case .object(let members) = fields, members.isEmpty { return kind }
        return "\(kind) \(fields.compactText())"
    }

    private static func text(_ value: JSONValue?) -> String {
        if case .string(let text)? = value { return text }
        return ""
    }

    private static func number(_ value: JSONValue?) -> Double {
        if case .number(let number)? = value { return number }
        return 0
    }
}
