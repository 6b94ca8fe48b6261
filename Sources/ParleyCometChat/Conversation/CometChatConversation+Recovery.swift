import ParleyModel

/// After the socket came back (cc-link): where to fetch missed messages from, and the turn whose
/// `run_finished` was lost while the socket was down.
extension CometChatConversation {
    /// The highest message id the conversation knows: handled, sent or pressed. The messages
    /// after it are what a lost socket may have missed; nil before any.
    public var lastMessageID: Int? {
        [seenMessages.max(), owned.max()].compactMap { $0 }.max()
    }

    /// The messages missed while the socket was down have been handled: a run of this turn whose
    /// persisted reply is among them is over even though its `run_finished` never came, so the
    /// turn ends (once).
    public mutating func recovered(at now: Duration) -> [AgentEvent] {
        guard turn.open, turn.awaiting == nil else { return [] }
        let runs = turn.runs.union(turn.sentMessage.map { [$0] } ?? [])
        guard let run = runs.sorted().last(where: { runsWithAssistant.contains($0) && persistedReplyArrived(for: $0) }) else { return [] }
        turn.awaiting = run
        return finish([], at: now)
    }
}
