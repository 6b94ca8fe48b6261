import ParleyModel

extension Redactor {
    /// An agent event with secrets masked: the agent may echo what the flow sent it.
    func redact(_ event: AgentEvent) -> AgentEvent {
        let text = redact as (String) -> String
        let json = redact as (JSONValue) -> JSONValue
        switch event {
        case .runStarted, .runFinished, .textStart, .textEnd, .toolCallStart, .toolCallEnd, .cardEnd, .goalCompleted, .typing,
            .delivery, .turnEnded:
            return event
        case .runError(let message, let code): return .runError(message: text(message), code: code)
        case .textDelta(let id, let delta): return .textDelta(messageID: id, delta: text(delta))
        case .reply(var reply):
            reply.text = text(reply.text)
            reply.suggestions = reply.suggestions.map(text)
            reply.attachments = reply.attachments.map(json)
            reply.callActions = reply.callActions.map(json)
            reply.elements = reply.elements.map(json)
            return .reply(reply)
        case .toolCallArgs(let id, let delta): return .toolCallArgs(id: id, delta: text(delta))
        case .toolCall(var call):
            call.args = json(call.args)
            return .toolCall(call)
        case .toolResult(let id, let name, let content): return .toolResult(id: id, name: name, content: json(content))
        case .cardStart(let id, let executionText): return .cardStart(id: id, executionText: executionText.map(text))
        case .card(let id, let payload): return .card(id: id, payload: json(payload))
        case .agenticMessage(var message):
            message.text = message.text.map(text)
            message.elements = message.elements.map(json)
            message.toolCalls = message.toolCalls.map(json)
            return .agenticMessage(message)
        case .action(var action):
            action.url = action.url.map(text)
            action.payload = action.payload.map(json)
            action.response = action.response.map(json)
            action.error = action.error.map(text)
            return .action(action)
        case .interactive(var message):
            message.data = json(message.data)
            return .interactive(message)
        case .handoff(var handoff):
            handoff.reason = handoff.reason.map(text)
            handoff.route = handoff.route.map(json)
            return .handoff(handoff)
        case .system(let message, let level): return .system(text: text(message), level: level)
        case .sessionEnded(let reason): return .sessionEnded(reason: reason.map(text))
        case .connection(.failed(let reason)): return .connection(.failed(reason: text(reason)))
        case .connection: return event
        case .custom(let name, let value): return .custom(name: name, value: json(value))
        case .stateSnapshot(let state): return .stateSnapshot(json(state))
        case .stateDelta(let patch): return .stateDelta(json(patch))
        case .interrupt(let id, let reason, let payload): return .interrupt(id: id, reason: reason.map(text), payload: json(payload))
        case .raw(let value): return .raw(json(value))
        }
    }
}
