import ParleyCore
import ParleyModel

extension CometChatConversation {
    /// The events of one streamed AI-assistant event (protocols/cometchat.md 1.3).
    mutating func receive(_ streamed: CometChatStreamedMessage) -> [AgentEvent] {
        // Runs are the agent's: in a group this is how its uid becomes known.
        if let sender = streamed.envelope.sender, sender != settings.user { agents.insert(sender) }
        let run = streamed.runID
        switch streamed.event {
        case .runStarted:
            turn.runs.insert(run)
            // A run of the flow's own (adopted, or under a known id) answers a pending press.
            turn.pressPending = false
            turn.open = true
            return assembler.add(.runStarted(runID: String(run), threadID: streamed.threadID))
        case .runFinished:
            if turn.owns(run) { turn.awaiting = run }
            return assembler.add(.runFinished(runID: String(run), outcome: .success))
        case .runError(let message, let code):
            return assembler.add(.runError(message: message, code: code)) + endTurn()
        case .textMessageStart(let id):
            return assembler.add(.textStart(messageID: id))
        case .textMessageContent(let id, let delta):
            return assembler.add(.textDelta(messageID: id, delta: delta))
        case .textMessageEnd(let id, let messageID):
            if let messageID { announced[run, default: []].insert(Self.messageKey(messageID)) }
            return assembler.add(.textEnd(messageID: id))
        case .toolCallStart(let id, let name, let displayName, let executionText, _):
            toolCalls[id] = ToolCallInfo(name: name, displayName: displayName, executionText: executionText)
            return assembler.add(.toolCallStart(id: id, name: name))
        case .toolCallArgs(let id, let name, let delta):
            if !delta.isEmpty { toolCalls[id, default: ToolCallInfo(name: name ?? "")].sawDeltas = true }
            return assembler.add(.toolCallArgs(id: id, delta: delta))
        case .toolCallEnd(let id, let name, let arguments):
            let info = toolCalls[id]
            return assembler.add(.toolCallEnd(id: id)).map { event in
                guard case .toolCall(var call) = event else { return event }
                if info?.sawDeltas != true, let arguments { call.args = Self.arguments(arguments) }
                if call.name.isEmpty, let name { call.name = name }
                call.displayName = info?.displayName
                call.executionText = info?.executionText
                return .toolCall(call)
            }
        case .toolCallResult(let id, let name, let content):
            let value = (try? JSONValue(parsing: content)) ?? .string(content)
            return assembler.add(.toolResult(id: id, name: name ?? toolCalls[id]?.name, content: value))
        case .cardStart(let id, _, let executionText):
            return [.cardStart(id: id, executionText: executionText)]
        case .card(let id, _, let payload):
            streamedCards.insert(id)
            return cardEvents(id: id, payload: payload)
        case .cardEnd(let id):
            return [.cardEnd(id: id)]
        case .unknown(let type):
            let message = "CometChat sent a streamed event of unknown type \"\(type)\" in run \(run) (the SDK ignores it)"
            return [.protocolWarning(message: message, frame: CometChatViolation.frameExcerpt(streamed.json.serialized()))]
        }
    }

    /// A card: kept for clicks, reported, and when it breaks the schema also reported as a
    /// `runError` with code `invalid_card` (not fed to the assembler: the run goes on).
    mutating func cardEvents(id: String, payload: JSONValue) -> [AgentEvent] {
        if cards.updateValue(payload, forKey: id) == nil { cardOrder.append(id) }
        var events: [AgentEvent] = [.card(id: id, payload: payload)]
        let problems = CometChatCardSchema.problems(in: payload)
        if !problems.isEmpty {
            events.append(.runError(message: "the agent sent an invalid card \(id): \(problems.joined(separator: "; "))", code: "invalid_card"))
        }
        return events
    }

    /// Tool call arguments as JSON, the way Core's assembler reads them: `{}` when empty, the raw
    /// text when it is not JSON.
    static func arguments(_ text: String) -> JSONValue {
        if text.allSatisfy(\.isWhitespace) { return .object([]) }
        return (try? JSONValue(parsing: text)) ?? .string(text)
    }

    /// A persisted message id as announced (`"17"`) or stored (`17`), in one spelling.
    static func messageKey(_ text: String) -> String {
        Int(text).map { String($0) } ?? text
    }
}
