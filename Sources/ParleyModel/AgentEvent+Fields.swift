/// How an event looks to an expectation: the event kinds it answers to and its fields as JSON,
/// named exactly as `EventKind.fields` names them, so a pattern matches by object subset.
extension AgentEvent {
    /// The kinds a pattern may name to match this event (an interactive form is both `interactive` and `form`).
    public var kinds: [EventKind] {
        switch self {
        case .runStarted: return [.runStarted]
        case .runFinished: return [.runFinished]
        case .runError: return [.runError]
        case .textStart: return [.textStart]
        case .textDelta: return [.textDelta]
        case .textEnd: return [.textEnd]
        case .reply: return [.reply]
        case .toolCallStart: return [.toolCallStart]
        case .toolCallArgs: return [.toolCallArgs]
        case .toolCallEnd: return [.toolCallEnd]
        case .toolCall: return [.toolCall]
        case .toolResult: return [.toolResult]
        case .cardStart: return [.cardStart]
        case .card: return [.card]
        case .cardEnd: return [.cardEnd]
        case .interactive(let message):
            switch message.kind {
            case .form: return [.interactive, .form]
            case .card: return [.interactive, .interactiveCard]
            case .scheduler: return [.interactive, .scheduler]
            case .custom: return [.interactive]
            }
        case .goalCompleted: return [.goalCompleted]
        case .agenticMessage(let message):
            switch message.type {
            case .assistant: return [.agenticMessage, .assistantMessage]
            case .toolArguments: return [.agenticMessage, .toolArgumentsMessage]
            case .toolResult: return [.agenticMessage, .toolResultMessage]
            }
        case .action: return [.action]
        case .typing: return [.typing]
        case .handoff: return [.handoff]
        case .system: return [.system]
        case .sessionEnded: return [.sessionEnded]
        case .delivery: return [.delivery]
        case .connection: return [.connection]
        case .custom: return [.custom]
        case .stateSnapshot: return [.stateSnapshot]
        case .stateDelta: return [.stateDelta]
        case .interrupt: return [.interrupt]
        case .raw: return []
        case .protocolWarning: return [.protocolWarning]
        case .turnEnded: return [.turnEnded]
        }
    }

    /// The event's fields; absent optional values are left out.
    public var fields: JSONValue {
        func object(_ pairs: (String, JSONValue?)...) -> JSONValue {
            .object(pairs.compactMap { key, value in value.map { JSONMember(key, $0) } })
        }
        func text(_ value: String?) -> JSONValue? { value.map(JSONValue.string) }
        switch self {
        case .runStarted(let runID, let threadID): return object(("run_id", text(runID)), ("thread_id", text(threadID)))
        case .runFinished(let runID, let outcome): return object(("run_id", text(runID)), ("outcome", text(outcome.rawValue)))
        case .runError(let message, let code): return object(("message", text(message)), ("code", text(code)))
        case .textStart(let id), .textEnd(let id): return object(("message_id", text(id)))
        case .textDelta(let id, let delta): return object(("message_id", text(id)), ("delta", text(delta)))
        case .reply(let reply):
            return object(
                ("text", text(reply.text)), ("from", text(reply.from.rawValue)), ("agent", text(reply.agentName)),
                ("message_id", text(reply.messageID)), ("suggestions", .array(reply.suggestions.map(JSONValue.string))),
                ("attachments", .array(reply.attachments)), ("call_actions", .array(reply.callActions)), ("elements", reply.elements))
        case .toolCallStart(let id, let name): return object(("id", text(id)), ("name", text(name)))
        case .toolCallArgs(let id, let delta): return object(("id", text(id)), ("delta", text(delta)))
        case .toolCallEnd(let id): return object(("id", text(id)))
        case .toolCall(let call):
            return object(
                ("id", text(call.id)), ("name", text(call.name)), ("args", call.args), ("display_name", text(call.displayName)),
                ("execution_text", text(call.executionText)))
        case .toolResult(let id, let name, let content): return object(("id", text(id)), ("name", text(name)), ("content", content))
        case .cardStart(let id, let executionText): return object(("id", text(id)), ("execution_text", text(executionText)))
        case .card(let id, let payload):
            return object(
                ("id", text(id)), ("title", Self.cardTitle(payload)), ("payload", payload), ("version", payload["version"]),
                ("body", payload["body"]), ("style", payload["style"]), ("fallback_text", payload["fallbackText"]),
                ("actions", payload["actions"]))
        case .cardEnd(let id): return object(("id", text(id)))
        case .interactive(let message):
            return object(
                ("id", text(message.id)), ("kind", text(message.kind.rawValue)), ("title", message.data["title"]),
                ("data", message.data), ("goal", text(message.goal.kind.rawValue)),
                ("goal_elements", .array(message.goal.elementIDs.map(JSONValue.string))), ("sender", text(message.sender)),
                ("receiver", text(message.receiver)), ("receiver_type", text(message.receiverType)),
                ("allow_sender_interaction", .bool(message.allowSenderInteraction)),
                ("interactions", .array(message.interactions.map { .object([JSONMember("element", .string($0.elementID)), JSONMember("at", .number($0.interactedAt))]) })))
        case .goalCompleted(let id, let source): return object(("id", text(id)), ("source", text(source.rawValue)))
        case .agenticMessage(let message):
            return object(
                ("id", text(message.id)), ("type", text(message.type.rawValue)), ("run_id", text(message.runID)),
                ("thread_id", text(message.threadID)), ("sender", text(message.sender)), ("receiver", text(message.receiver)),
                ("text", text(message.text)), ("elements", message.elements), ("tool_calls", message.toolCalls),
                ("tool_call_id", text(message.toolCallID)), ("metadata", message.metadata))
        case .action(let action):
            return object(
                ("message_id", text(action.messageID)), ("element", text(action.elementID)), ("type", text(action.type)),
                ("url", text(action.url)), ("method", text(action.method)), ("payload", action.payload),
                ("status", action.status.map { .number(Double($0)) }), ("response", action.response), ("error", text(action.error)))
        case .typing(let who, let isTyping): return object(("who", text(who.rawValue)), ("state", text(isTyping ? "started" : "stopped")))
        case .handoff(let handoff):
            let outcome = HandoffStage.outcomes.contains(handoff.stage) ? handoff.stage.rawValue : nil
            return object(
                ("stage", text(handoff.stage.rawValue)), ("outcome", text(outcome)),
                ("queue_position", handoff.queuePosition.map { .number(Double($0)) }),
                ("wait", handoff.wait.map { .number($0.inSeconds) }), ("queue", text(handoff.queue)),
                ("agent", text(handoff.agentName)), ("reason", text(handoff.reason)), ("route", handoff.route))
        case .system(let message, let level): return object(("text", text(message)), ("level", text(level.rawValue)))
        case .sessionEnded(let reason): return object(("reason", text(reason)))
        case .delivery(let id, let state): return object(("id", text(id)), ("state", text(state.rawValue)))
        case .connection(let state):
            switch state {
            case .connecting: return object(("state", "connecting"))
            case .open: return object(("state", "open"))
            case .reconnecting(let attempt): return object(("state", "reconnecting"), ("attempt", .number(Double(attempt))))
            case .failed(let reason): return object(("state", "failed"), ("reason", text(reason)))
            case .closed: return object(("state", "closed"))
            }
        case .custom(let name, let value): return object(("name", text(name)), ("value", value))
        case .stateSnapshot(let state): return object(("state", state))
        case .stateDelta(let patch): return object(("patch", patch))
        case .interrupt(let id, let reason, let payload): return object(("id", text(id)), ("reason", text(reason)), ("payload", payload))
        case .raw(let value): return value
        case .protocolWarning(let message, let frame): return object(("message", text(message)), ("frame", text(frame)))
        case .turnEnded: return .object([])
        }
    }

    /// A card's title: its own `title`, else (CometChat's card schema) the first text element
    /// written as a title or heading, else its first text element.
    public static func cardTitle(_ payload: JSONValue) -> JSONValue? {
        if let title = payload["title"] { return title }
        guard case .array(let body)? = payload["body"] else { return nil }
        let texts = body.filter { $0["type"] == .string("text") }
        let heading = texts.first { element in
            guard case .string(let variant)? = element["variant"] else { return false }
            return variant == "title" || variant.hasPrefix("heading")
        }
        return (heading ?? texts.first)?["content"]
    }
}
