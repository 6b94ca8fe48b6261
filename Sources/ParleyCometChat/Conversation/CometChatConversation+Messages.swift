import ParleyCore
import ParleyModel

extension CometChatConversation {
    /// The events of a persisted message: agentic, interactive, card, or a text from someone else.
    /// The user's own messages (echoes) and messages already handled mean nothing; an interactive
    /// message of the user's own is still kept, so pressing it can be refused when it does not
    /// allow sender interaction.
    mutating func receive(_ message: CometChatMessage) -> [AgentEvent] {
        // Another conversation of the user's (another group, another agent) is not this flow's.
        guard isOurs(message) else { return [] }
        guard seenMessages.insert(message.id).inserted else { return [] }
        guard message.sender != settings.user else {
            if message.category == .interactive { interactives.append(CometChatInteractive(message: message)) }
            return []
        }
        if message.senderRole == "@agentic" { agents.insert(message.sender) }
        switch message.category {
        case .agentic:
            return agentic(message)
        case .interactive:
            let interactive = CometChatInteractive(message: message)
            interactives.append(interactive)
            return [.interactive(interactive.event)]
        case .card:
            return cardEvents(id: message.flowID, payload: message.data["card"] ?? .null)
        case .message where message.type == "text":
            let reply = Reply(
                messageID: String(message.id), text: message.text ?? "", from: participant(message.sender), agentName: message.senderName)
            return assembler.add(.reply(reply))
        case .message, .other:
            return [.raw(message.json)]
        }
    }

    /// A persisted agentic message; an assistant message the stream did not announce is also the
    /// reply, and cards in its elements that were not streamed are reported (and checked) too.
    private mutating func agentic(_ message: CometChatMessage) -> [AgentEvent] {
        guard let agentic = message.agentic else { return [.raw(message.json)] }
        var events: [AgentEvent] = [.agenticMessage(agentic)]
        guard agentic.type == .assistant else { return events }
        let id = String(message.id)
        arrivedAssistants.insert(id)
        if let run = message.runID { runsWithAssistant.insert(run) }
        if !announced.values.contains(where: { $0.contains(id) }) {
            let reply = Reply(
                messageID: id, text: message.text ?? "", from: participant(message.sender), agentName: message.senderName,
                elements: message.data["elements"])
            events += assembler.add(.reply(reply))
        }
        for element in message.data.arrayMember("elements") ?? [] where element.stringMember("type") == "card" {
            let value = element["value"] ?? .null
            guard let cardID = value.identifierMember("cardId"), !streamedCards.contains(cardID) else { continue }
            events += cardEvents(id: cardID, payload: value["card"] ?? .null)
        }
        return events
    }

    /// The server's word that a goal is met: once per message, named as flows name it.
    mutating func receive(_ receipt: CometChatInteractionReceipt) -> [AgentEvent] {
        // A goal of a message this conversation never saw is someone else's.
        guard let index = interactives.lastIndex(where: { $0.message.id == receipt.messageID }) else { return [] }
        for interaction in receipt.interactions where !interactives[index].interactions.contains(interaction) {
            interactives[index].interactions.append(interaction)
        }
        guard goalsFromServer.insert(receipt.messageID).inserted else { return [] }
        let flowID = interactives[index].flowID
        return [.goalCompleted(messageID: flowID, source: .server)]
    }

    /// Someone else typing; the user's own indicator means nothing.
    func receive(_ indicator: CometChatTypingIndicator) -> [AgentEvent] {
        guard indicator.sender != settings.user else { return [] }
        return [.typing(who: participant(indicator.sender), isTyping: indicator.isTyping)]
    }

    /// The agent when `uid` is known to be one, else a live person.
    func participant(_ uid: String) -> Participant {
        agents.contains(uid) ? .agent : .live
    }
}
