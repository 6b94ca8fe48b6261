import Foundation
import ParleyCore
import ParleyModel

/// A flow run told for a person, as JUnit's `<system-out>` holds it for a failed flow: one line per
/// user action, agent event, finished step and `log:` text, each with seconds from the flow's
/// start. Replies and tool calls appear assembled; their streamed parts (`text_delta`,
/// `tool_call_args`…) are left out, since the assembled event says the same once. Events arrive
/// masked, so no secret reaches these lines.
struct ReadableTranscript: Sendable {
    /// The most lines kept; a flow that runs longer keeps its last ones, where the failure is.
    static let limit = 2000

    private let flowStarted: Duration
    private var lines: [String] = []
    private var dropped = 0

    init(flowStarted: Duration) {
        self.flowStarted = flowStarted
    }

    /// The transcript so far.
    var text: String {
        let note = dropped > 0 ? ["(\(dropped) earlier lines left out)"] : []
        return (note + lines).joined(separator: "\n")
    }

    mutating func add(_ event: PluginEvent) {
        let time = String(format: "%7.3f", (event.time - flowStarted).inSeconds)
        switch event.kind {
        case .userAction(let action):
            append("\(time) → \(action.kind.rawValue) \(action.fields.compactText())")
        case .agentEvent(let agentEvent, _):
            guard let line = Self.describe(agentEvent) else { return }
            append("\(time) ← \(line)")
        case .stepFinished(let result):
            let indent = String(repeating: "  ", count: result.step.depth)
            switch result.outcome {
            case .passed: append("\(time) \(indent)✓ \(result.step.summary)")
            case .flaky(let attempts): append("\(time) \(indent)~ \(result.step.summary) (flaky, attempt \(attempts))")
            case .skipped: append("\(time) \(indent)- \(result.step.summary) (skipped)")
            case .failed(let failure): append("\(time) \(indent)✗ \(result.step.summary): \(failure.message)")
            }
        case .log(let text):
            append("\(time) log: \(text)")
        case .runStarted, .flowStarted, .stepStarted, .flowFinished:
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
    private static func describe(_ event: AgentEvent) -> String? {
        switch event {
        case .textStart, .textDelta, .textEnd, .toolCallStart, .toolCallArgs, .toolCallEnd:
            return nil
        case .reply(let reply):
            let suggestions = reply.suggestions.isEmpty ? "" : " suggestions: " + reply.suggestions.map(JSONValue.quoted).joined(separator: ", ")
            return "reply \(JSONValue.quoted(reply.text))\(suggestions)"
        case .runStarted, .runFinished, .runError, .toolCall, .toolResult, .cardStart, .card, .cardEnd, .interactive, .goalCompleted,
            .agenticMessage, .action, .typing, .handoff, .system, .sessionEnded, .delivery, .connection, .custom, .stateSnapshot,
            .stateDelta, .interrupt, .raw, .protocolWarning, .turnEnded:
            let kind = event.kinds.first?.rawValue ?? "raw"
            let fields = event.fields
            if case .object(let members) = fields, members.isEmpty { return kind }
            return "\(kind) \(fields.compactText())"
        }
    }
}
