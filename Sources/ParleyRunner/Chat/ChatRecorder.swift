import Foundation
import ParleyModel

/// Writes a chat down as a flow (`parley chat --record`): the steps the person took, and before
/// each action the expectations the agent's turn earned: its tool calls by name and arguments,
/// its replies by a key phrase and the suggestions they offered, the forms, cards and schedulers
/// it sent, goals completed and handoff stages. Replayed against the same agent, the flow passes.
/// Pure: it is told what happened, in order.
public struct ChatRecorder: Sendable {
    private var lines: [String] = []
    /// Expectations written for the current turn, so one is not written twice.
    private var written: Set<String> = []
    private var pending: [String] = []
    /// Messages and tool calls the agent started streaming in this turn and has not finished.
    private var unfinished: Set<String> = []
    /// Those still unfinished when the last action was taken, and where that action's line is:
    /// a replay waits for the agent's turn to end before it acts, so what completes them
    /// belongs before the action, however quickly the person typed.
    private var carried: Set<String> = []
    private var carriedAt: Int?

    public init() {}

    /// An event, in the order it arrived.
    public mutating func received(_ event: AgentEvent) {
        switch event {
        case .textStart(let id), .textDelta(let id, _), .toolCallStart(let id, _), .toolCallArgs(let id, _):
            unfinished.insert(id)
            return
        default: break
        }
        let expectations = Self.expectations(for: event)
        if let id = Self.finishes(event), carried.contains(id), let index = carriedAt {
            carried.remove(id)
            let earlier = expectations.filter { !lines[..<index].contains("  - expect: " + $0) }
            lines.insert(contentsOf: earlier.map { "  - expect: " + $0 }, at: index)
            carriedAt = index + earlier.count
            return
        }
        if let id = Self.finishes(event) { unfinished.remove(id) }
        for expectation in expectations where !written.contains(expectation) && !pending.contains(expectation) {
            pending.append(expectation)
        }
    }

    /// A step taken; `opensTurn` when it was an action the agent answers (not a staged fill or typing).
    public mutating func took(_ step: [String], opensTurn: Bool) {
        flushExpectations()
        if opensTurn {
            carried = unfinished
            carriedAt = lines.count
            unfinished = []
            written = []
        }
        lines.append("  - " + step[0])
        lines += step.dropFirst().map { "    " + $0 }
    }

    /// The streamed message or tool call an assembled event completes.
    static func finishes(_ event: AgentEvent) -> String? {
        switch event {
        case .reply(let reply): return reply.messageID.isEmpty ? nil : reply.messageID
        case .toolCall(let call): return call.id.isEmpty ? nil : call.id
        default: return nil
        }
    }

    /// The flow as YAML text.
    public func flow(name: String, agent: String?, note: String) -> String {
        var recorder = self
        recorder.flushExpectations()
        var header = ["flow: \(ChatInput.quoted(name))", "description: \(ChatInput.quoted(note))"]
        if let agent { header.append("agent: \(ChatInput.quoted(agent))") }
        let steps = recorder.lines.isEmpty ? ["steps: []"] : ["steps:"] + recorder.lines
        return (header + steps).joined(separator: "\n") + "\n"
    }

    private mutating func flushExpectations() {
        for expectation in pending {
            lines.append("  - expect: " + expectation)
            written.insert(expectation)
        }
        pending = []
    }

    /// The expectations an event earns, as YAML flow mappings.
    static func expectations(for event: AgentEvent) -> [String] {
        switch event {
        case .reply(let reply):
            var fields: [String] = []
            if let phrase = keyPhrase(reply.text) { fields.append("contains: \(ChatInput.quoted(phrase))") }
            if !reply.suggestions.isEmpty { fields.append("suggestions: [\(reply.suggestions.map(ChatInput.quoted).joined(separator: ", "))]") }
            if reply.from == .live { fields.append("from: live") }
            return fields.isEmpty ? [] : ["{ reply: { \(fields.joined(separator: ", ")) } }"]
        case .toolCall(let call):
            guard !call.name.isEmpty else { return [] }
            var fields = ["name: \(ChatInput.quoted(call.name))"]
            if let args = pattern(call.args), args != "{}" { fields.append("args: \(args)") }
            return ["{ tool_call: { \(fields.joined(separator: ", ")) } }"]
        case .interactive(let message):
            guard !message.id.isEmpty else { return [] }
            let kind: String
            switch message.kind {
            case .form: kind = "form"
            case .card: kind = "interactive_card"
            case .scheduler: kind = "scheduler"
            case .custom: kind = "interactive"
            }
            return ["{ \(kind): { id: \(ChatInput.quoted(message.id)) } }"]
        case .card(let id, _):
            return id.isEmpty ? [] : ["{ card: { id: \(ChatInput.quoted(id)) } }"]
        case .goalCompleted(let id, _):
            return id.isEmpty ? [] : ["{ goal_completed: { id: \(ChatInput.quoted(id)) } }"]
        case .handoff(let handoff):
            return ["{ handoff: { stage: \(handoff.stage.rawValue) } }"]
        case .runStarted, .runFinished, .runError, .textStart, .textDelta, .textEnd, .toolCallStart, .toolCallArgs, .toolCallEnd, .toolResult,
            .cardStart, .cardEnd, .agenticMessage, .action, .typing, .system, .sessionEnded, .delivery, .connection, .custom, .stateSnapshot,
            .stateDelta, .interrupt, .raw, .protocolWarning, .turnEnded:
            return []
        }
    }

    private static func hasDollarKey(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .number, .string: return false
        case .array(let items): return items.contains(where: hasDollarKey)
        case .object(let members): return members.contains { $0.key.contains("$") || hasDollarKey($0.value) }
        }
    }

    /// A reply's key phrase: its first sentence, up to 80 characters at a word's end; nil for no text.
    public static func keyPhrase(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        // The first sentence of a dozen characters or more ("Hi!" alone says too little).
        var sentence = trimmed
        for end in trimmed.indices where ".!?\n".contains(trimmed[end]) {
            let cut = String(trimmed[...end]).trimmingCharacters(in: .whitespacesAndNewlines)
            if cut.count >= 12 {
                sentence = cut
                break
            }
        }
        guard sentence.count > 80 else { return sentence }
        let head = String(sentence.prefix(80))
        guard let space = head.lastIndex(of: " ") else { return head }
        return String(head[..<space])
    }

    /// A tool call's arguments as a matcher pattern: an object matched as a subset. Keys a flow
    /// would read as matcher keywords, nulls and empty strings (which a flow may not match) are
    /// left out, so the pattern still holds for the same call.
    static func pattern(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): return text.isEmpty ? nil : ChatInput.quoted(text)
        case .array:
            // An array is matched whole, so it is written exactly (JSON is YAML), its text doubled
            // `$` for `$`; one with a `$` in a key, which is not a template, is left out.
            let json = value.serialized()
            guard !hasDollarKey(value) else { return nil }
            return json.replacingOccurrences(of: "$", with: "$$")
        case .object(let members):
            let keywords = Set(MatcherKeyword.allCases.map(\.rawValue))
            let fields = members.compactMap { member -> String? in
                guard !keywords.contains(member.key), let value = pattern(member.value) else { return nil }
                return "\(JSONValue.quoted(member.key)): \(value)"
            }
            return "{" + (fields.isEmpty ? "" : " " + fields.joined(separator: ", ") + " ") + "}"
        }
    }
}
