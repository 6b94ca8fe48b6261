import ParleyModel

extension CometChatConversation {
    /// When ``tick(at:)`` would end the turn if nothing arrives: `quiet` after the last event,
    /// while a finished run waits for its persisted reply. Nil when nothing is pending.
    public var deadline: Duration? {
        guard turn.open, turn.awaiting != nil else { return nil }
        return turn.lastEventAt + settings.quiet
    }

    /// Ends the turn if its deadline has passed: the finished run's persisted reply did not come.
    public mutating func tick(at now: Duration) -> [AgentEvent] {
        guard let deadline, now >= deadline else { return [] }
        return endTurn()
    }

    /// The flow acted (sent a message, or pressed a button: `pressing`): a new turn starts, owing a
    /// `turnEnded`. After a press, the next run to start here is taken as its answer (``adopts(_:)``).
    public mutating func userActed(at now: Duration, pressing: Bool = false) {
        turn = TurnState(open: true, pressPending: pressing, lastEventAt: now)
    }

    /// The server accepted the user's message (`POST /messages` answered with `messageID`, in
    /// conversation `conversationID`): the run it starts carries that id, so a late run of an
    /// earlier turn cannot end this one, and the run is this conversation's (its frames that came
    /// before the answer are reported now). The server's conversation id is the one messages carry.
    public mutating func sent(messageID: Int, conversationID: String? = nil, at now: Duration) -> [AgentEvent] {
        turn.sentMessage = messageID
        // A press that sent a text (a card's sendMessage button) is answered by that text's run.
        turn.pressPending = false
        if let conversationID, !conversationID.isEmpty { serverConversationID = conversationID }
        return own(run: messageID, at: now)
    }

    /// The turn's end, once per turn.
    mutating func endTurn() -> [AgentEvent] {
        guard turn.open else { return [] }
        turn.open = false
        turn.awaiting = nil
        return [.turnEnded]
    }

    /// Whether an event counts as the agent doing something: not raw traffic, not a protocol warning.
    static func holdsTurnOpen(_ event: AgentEvent) -> Bool {
        if case .raw = event { return false }
        if case .protocolWarning = event { return false }
        return true
    }

    /// Whether the persisted reply of finished `run` is in: every assistant message its
    /// `text_message_end`s announced, or, when none were announced, any assistant message of the run.
    func persistedReplyArrived(for run: Int) -> Bool {
        let expected = announced[run] ?? []
        return expected.isEmpty ? runsWithAssistant.contains(run) : expected.isSubset(of: arrivedAssistants)
    }

    /// Notes the time of reported events and ends the turn once the awaited reply is in.
    mutating func finish(_ events: [AgentEvent], at now: Duration) -> [AgentEvent] {
        var events = events
        // Traffic Parley has no event for (receipts, presence) and frames it warns about do not hold the turn open.
        if events.contains(where: Self.holdsTurnOpen) { turn.lastEventAt = now }
        if let run = turn.awaiting, persistedReplyArrived(for: run) { events += endTurn() }
        return events
    }
}
