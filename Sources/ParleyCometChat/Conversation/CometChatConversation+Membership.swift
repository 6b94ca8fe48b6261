import ParleyModel

extension CometChatConversation {
    /// Whether a message is this conversation's. The server's own id (from its answer to
    /// `POST /messages`) decides; before that answer, and for a server that spells the id another
    /// way, the message's parties do: the user and the agent in a 1:1, the group in a group.
    /// Ids and uids are compared without regard to case. A message with no `conversationId` is kept.
    func isOurs(_ message: CometChatMessage) -> Bool {
        guard let id = message.conversationID else { return true }
        if knownIDs.contains(id.lowercased()) { return true }
        switch settings.peer {
        case .agent(let uid):
            guard message.receiverType?.lowercased() != "group", let receiver = message.receiver else { return false }
            let parties = Set([message.sender.lowercased(), receiver.lowercased()])
            return parties == Set([settings.user.lowercased(), uid.lowercased()])
        case .group(let guid):
            return message.receiverType?.lowercased() == "group" && message.receiver?.lowercased() == guid.lowercased()
        }
    }

    /// Whether a streamed run's `conversationId` is this conversation's: a known id, or (as the UI
    /// kits check AI events) one that names both uids, or the group. A run without one is kept.
    func isOurs(conversationID: String?) -> Bool {
        guard let id = conversationID?.lowercased() else { return true }
        if knownIDs.contains(id) { return true }
        switch settings.peer {
        case .agent(let uid): return id.contains(settings.user.lowercased()) && id.contains(uid.lowercased())
        case .group(let guid): return id.contains(guid.lowercased())
        }
    }

    /// The conversation's ids, lower-cased: the server's, and the computed one.
    private var knownIDs: Set<String> {
        var ids: Set<String> = [settings.peer.conversationID(user: settings.user).lowercased()]
        if let serverConversationID { ids.insert(serverConversationID.lowercased()) }
        return ids
    }
}
