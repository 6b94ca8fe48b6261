import ParleyCore
import ParleyModel

/// How `parley chat` shows what the agent does, as it arrives: streamed text live, then each
/// reply's suggestions numbered for `/tap N`; tool calls, cards, forms, schedulers, goals,
/// handoff stages and connection trouble on lines of their own, with the command that answers
/// them. Pure: events in, text out, every secret of `redactor` masked (streamed text too: a tail
/// that may be the start of a secret is held back until the next part shows it is not).
public struct ChatDisplay: Sendable {
    private let redactor: Redactor
    /// Streamed text held back because it may be the start of a secret.
    private var held = ""
    /// The message being streamed, if one is.
    private var streaming: String?
    /// Messages whose text was shown as it streamed, so their reply does not repeat it.
    private var streamed: Set<String> = []

    public init(redactor: Redactor) {
        self.redactor = redactor
    }

    /// The text to print for `event` (may be empty; ends in a newline unless text is streaming).
    public mutating func show(_ raw: AgentEvent) -> String {
        if case .textDelta(let id, let delta) = raw {
            let (masked, kept) = redactor.redactStreaming(held + delta)
            held = kept
            return text(for: .textDelta(messageID: id, delta: masked))
        }
        return text(for: redactor.redact(raw))
    }

    private mutating func text(for event: AgentEvent) -> String {
        switch event {
        case .textStart(let id):
            let open = closeStream()
            streaming = id
            streamed.insert(id)
            return open + "agent › "
        case .textDelta(let id, let delta):
            if streaming == nil {
                streaming = id
                streamed.insert(id)
                return "agent › " + delta
            }
            return delta
        case .textEnd:
            return closeStream()
        case .reply(let reply):
            var out = closeStream()
            let who = reply.from == .live ? "\(reply.agentName ?? "live agent") (live) › " : "\(reply.agentName ?? "agent") › "
            if !streamed.contains(reply.messageID) || reply.messageID.isEmpty { out += who + reply.text + "\n" }
            if !reply.suggestions.isEmpty {
                out += "  suggestions: " + reply.suggestions.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(separator: "  ") + "  (/tap N)\n"
            }
            for attachment in reply.attachments { out += "  attachment: \(attachment.compactText())\n" }
            return out
        case .toolCall(let call):
            return closeStream() + "  tool call \(call.name) \(call.args.compactText())\n"
        case .toolResult(_, let name, let content):
            let text = content.compactText()
            return closeStream() + "  tool result \(name ?? "") \(text.count > 200 ? String(text.prefix(200)) + "…" : text)\n"
        case .card(let id, let payload):
            var out = closeStream() + "  card \(id) \(Self.plain(AgentEvent.cardTitle(payload)))\n"
            if case .array(let body)? = payload["body"] {
                for element in body where element["type"] == .string("button") {
                    out += "    button \(Self.plain(element["id"])) \(Self.plain(element["label"]))  (/click ID)\n"
                }
            }
            return out
        case .interactive(let message):
            return closeStream() + Self.describe(message)
        case .goalCompleted(let id, let source):
            return closeStream() + "  goal completed \(id) (\(source.rawValue))\n"
        case .handoff(let handoff):
            let parts = [handoff.queue.map { "queue \($0)" }, handoff.queuePosition.map { "position \($0)" }, handoff.agentName.map { "agent \($0)" }, handoff.reason]
            return closeStream() + "  handoff \(handoff.stage.rawValue) \(parts.compactMap { $0 }.joined(separator: ", "))\n"
        case .runError(let message, let code):
            return closeStream() + "  run error: \(message)\(code.map { " (\($0))" } ?? "")\n"
        case .system(let message, _):
            return closeStream() + "  system: \(message)\n"
        case .sessionEnded(let reason):
            return closeStream() + "  session ended\(reason.map { ": \($0)" } ?? "")\n"
        case .connection(let state):
            switch state {
            case .open, .connecting: return ""
            case .reconnecting(let attempt): return closeStream() + "  connection lost; reconnecting (attempt \(attempt))\n"
            case .failed(let reason): return closeStream() + "  connection failed: \(reason)\n"
            case .closed: return closeStream() + "  connection closed\n"
            }
        case .typing(let who, let isTyping):
            return isTyping && streaming == nil ? "  (\(who.rawValue) typing)\n" : ""
        case .protocolWarning(let message, _):
            return closeStream() + "  protocol warning: \(message)\n"
        case .interrupt(let id, let reason, _):
            return closeStream() + "  interrupt \(id ?? "") \(reason ?? "")\n"
        case .runStarted, .runFinished, .toolCallStart, .toolCallArgs, .toolCallEnd, .cardStart, .cardEnd, .agenticMessage, .action, .delivery,
            .custom, .stateSnapshot, .stateDelta, .raw, .turnEnded:
            return ""
        }
    }

    /// A JSON value as text: a string's own characters, anything else as compact JSON.
    static func plain(_ value: JSONValue?) -> String {
        switch value {
        case nil: return ""
        case .string(let text)?: return text
        case let other?: return other.compactText()
        }
    }

    private mutating func closeStream() -> String {
        guard streaming != nil else { return "" }
        streaming = nil
        let rest = redactor.redact(held)
        held = ""
        return rest + "\n"
    }

    /// A form's fields, a card's buttons or a scheduler's hours, with the command that answers each.
    static func describe(_ message: InteractiveMessage) -> String {
        let title = Self.plain(message.data["title"])
        var out = "  \(message.kind.rawValue) \(message.id) \(title)\n"
        let data = message.data
        if case .array(let fields)? = data["formFields"] {
            for field in fields {
                let id = Self.plain(field["elementId"])
                var line = "    field \(id) \(Self.plain(field["label"]))"
                if case .array(let options)? = field["options"] {
                    line += " options: " + options.map { Self.plain($0["value"]) }.joined(separator: ", ")
                }
                out += line + "\n"
            }
            if let submit = data["submitElement"]?["elementId"].map({ Self.plain($0) }) {
                out += "    /fill FIELD: VALUE, … then /submit \(submit)\n"
            }
        }
        if case .array(let actions)? = data["cardActions"] {
            for action in actions {
                out += "    button \(Self.plain(action["elementId"])) \(Self.plain(action["buttonText"]))  (/click ID)\n"
            }
        }
        if case .object(let days)? = data["availability"] {
            out += "    available: " + days.map { "\($0.key) \(Self.plain($0.value))" }.joined(separator: "; ") + "  (/slot DAY HH:MM)\n"
        }
        return out
    }
}
