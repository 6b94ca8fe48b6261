import ParleyModel

extension Redactor {
    /// An agent event with secrets masked in every string it carries, ids and names included: the
    /// agent may echo what the flow sent it anywhere (a message id, a tool's name, an error code).
    ///
    /// Only outputs see the masked event; the interpreter matches the agent's own, and streams are
    /// joined by their unmasked ids before masking (`StreamRedaction`).
    public func redact(_ event: AgentEvent) -> AgentEvent {
        let text = redact as (String) -> String
        let json = redact as (JSONValue) -> JSONValue
        switch event {
        case .runStarted(let runID, let threadID): return .runStarted(runID: runID.map(text), threadID: threadID.map(text))
        case .runFinished(let runID, let outcome): return .runFinished(runID: runID.map(text), outcome: outcome)
        case .runError(let message, let code): return .runError(message: text(message), code: code.map(text))
        case .textStart(let id): return .textStart(messageID: text(id))
        case .textDelta(let id, let delta): return .textDelta(messageID: text(id), delta: text(delta))
        case .textEnd(let id): return .textEnd(messageID: text(id))
        case .reply(let reply): return .reply(redact(reply))
        case .toolCallStart(let id, let name): return .toolCallStart(id: text(id), name: text(name))
        case .toolCallArgs(let id, let delta): return .toolCallArgs(id: text(id), delta: text(delta))
        case .toolCallEnd(let id): return .toolCallEnd(id: text(id))
        case .toolCall(let call): return .toolCall(redact(call))
        case .toolResult(let id, let name, let content): return .toolResult(id: text(id), name: name.map(text), content: json(content))
        case .cardStart(let id, let executionText): return .cardStart(id: text(id), executionText: executionText.map(text))
        case .card(let id, let payload): return .card(id: text(id), payload: json(payload))
        case .cardEnd(let id): return .cardEnd(id: text(id))
        case .interactive(let message): return .interactive(redact(message))
        case .goalCompleted(let id, let source): return .goalCompleted(messageID: text(id), source: source)
        case .agenticMessage(let message): return .agenticMessage(redact(message))
        case .action(let action): return .action(redact(action))
        case .typing: return event
        case .handoff(let handoff): return .handoff(redact(handoff))
        case .system(let message, let level): return .system(text: text(message), level: level)
        case .sessionEnded(let reason): return .sessionEnded(reason: reason.map(text))
        case .delivery(let id, let state): return .delivery(draftID: text(id), state: state)
        case .connection(let state): return .connection(redact(state))
        case .custom(let name, let value): return .custom(name: text(name), value: json(value))
        case .stateSnapshot(let state): return .stateSnapshot(json(state))
        case .stateDelta(let patch): return .stateDelta(json(patch))
        case .interrupt(let id, let reason, let payload):
            return .interrupt(id: id.map(text), reason: reason.map(text), payload: json(payload))
        case .raw(let value): return .raw(json(value))
        case .protocolWarning(let message, let frame): return .protocolWarning(message: text(message), frame: frame.map(text))
        case .turnEnded: return event
        }
    }

    func redact(_ reply: Reply) -> Reply {
        var copy = reply
        copy.messageID = redact(reply.messageID)
        copy.text = redact(reply.text)
        copy.agentName = reply.agentName.map(redact)
        copy.suggestions = reply.suggestions.map(redact)
        copy.attachments = reply.attachments.map(redact)
        copy.callActions = reply.callActions.map(redact)
        copy.elements = reply.elements.map(redact)
        return copy
    }

    func redact(_ call: ToolCall) -> ToolCall {
        var copy = call
        copy.id = redact(call.id)
        copy.name = redact(call.name)
        copy.args = redact(call.args)
        copy.displayName = call.displayName.map(redact)
        copy.executionText = call.executionText.map(redact)
        return copy
    }

    func redact(_ message: InteractiveMessage) -> InteractiveMessage {
        var copy = message
        copy.id = redact(message.id)
        copy.data = redact(message.data)
        copy.goal.elementIDs = message.goal.elementIDs.map(redact)
        copy.sender = message.sender.map(redact)
        copy.receiver = message.receiver.map(redact)
        copy.receiverType = message.receiverType.map(redact)
        copy.interactions = message.interactions.map { interaction in
            var copy = interaction
            copy.elementID = redact(interaction.elementID)
            return copy
        }
        return copy
    }

    func redact(_ message: AgenticMessage) -> AgenticMessage {
        var copy = message
        copy.id = redact(message.id)
        copy.runID = message.runID.map(redact)
        copy.threadID = message.threadID.map(redact)
        copy.sender = message.sender.map(redact)
        copy.text = message.text.map(redact)
        copy.elements = message.elements.map(redact)
        copy.toolCalls = message.toolCalls.map(redact)
        copy.toolCallID = message.toolCallID.map(redact)
        copy.receiver = message.receiver.map(redact)
        copy.metadata = message.metadata.map(redact)
        return copy
    }

    func redact(_ action: PerformedAction) -> PerformedAction {
        var copy = action
        copy.messageID = redact(action.messageID)
        copy.elementID = redact(action.elementID)
        copy.type = redact(action.type)
        copy.url = action.url.map(redact)
        copy.method = action.method.map(redact)
        copy.payload = action.payload.map(redact)
        copy.response = action.response.map(redact)
        copy.error = action.error.map(redact)
        return copy
    }

    func redact(_ handoff: Handoff) -> Handoff {
        var copy = handoff
        copy.queue = handoff.queue.map(redact)
        copy.agentName = handoff.agentName.map(redact)
        copy.reason = handoff.reason.map(redact)
        copy.route = handoff.route.map(redact)
        return copy
    }

    func redact(_ state: ConnectionState) -> ConnectionState {
        switch state {
        case .connecting, .open, .reconnecting, .closed: return state
        case .failed(let reason): return .failed(reason: redact(reason))
        }
    }
}
