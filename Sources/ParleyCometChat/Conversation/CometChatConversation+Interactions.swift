import ParleyModel

extension CometChatConversation {
    /// The interactive message flows call `flowID`: by `muid` first, else by numeric id; the
    /// latest one when a name repeats.
    public func interactive(_ flowID: String) -> CometChatInteractive? {
        interactiveIndex(flowID).map { interactives[$0] }
    }

    /// The card with this id: a streamed card, a card in an assistant message's elements, or a
    /// card message (by its flow id).
    public func card(_ id: String) -> JSONValue? {
        cards[id]
    }

    /// The names of everything a flow can act on, in arrival order: interactive messages, then cards.
    public var targetIDs: [String] {
        var ids: [String] = []
        for id in interactives.map(\.flowID) + cardOrder where !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// Records that the user interacted with `elementID` of the interactive message `flowID`
    /// (after the PATCH succeeded), and reports `goalCompleted` from `.local` the first time the
    /// stored interactions meet the goal by CometChat's rules. An unknown message records nothing.
    public mutating func interacted(flowID: String, elementID: String, interactedAt: Double) -> [AgentEvent] {
        guard let index = interactiveIndex(flowID) else { return [] }
        interactives[index].interactions.append(Interaction(elementID: elementID, interactedAt: interactedAt))
        let interactive = interactives[index]
        guard interactive.isGoalMet, goalsLocal.insert(interactive.message.id).inserted else { return [] }
        return [.goalCompleted(messageID: interactive.flowID, source: .local)]
    }

    private func interactiveIndex(_ flowID: String) -> Int? {
        interactives.lastIndex { $0.message.muid == flowID } ?? interactives.lastIndex { String($0.message.id) == flowID }
    }
}
