import ParleyCore

/// Forgetting (issue 20): a server left running would keep every conversation, message, token and
/// user it ever saw. A conversation unused for the retention's idle limit, or the least recently
/// used past its capacity, is forgotten with its messages, their `/actions` bodies and its plays; a
/// user likewise with their auth tokens and JWTs, but never while a socket of theirs is open.
/// Afterwards CometChat's answers for what does not exist apply: an empty message list, 404
/// `ERR_MESSAGE_NOT_FOUND`, 401 `AUTH_ERR_AUTH_TOKEN_NOT_FOUND`, a refused auth frame.
extension CometChatHub {
    /// How many conversations and users are remembered, and how many messages.
    var keptCounts: (conversations: Int, users: Int, messages: Int) {
        (max(order.count, conversations.count), keptUsers.count, messages.count)
    }
    /// Everything kept per conversation or user, summed, for tests that memory stays bounded.
    var keptEntries: Int {
        tokens.count + jwts.count + credentials.count + groups.count + messages.count + order.count + conversations.count + actions.count
            + downUntil.count + keptConversations.trackedTouches + keptUsers.trackedTouches
    }

    /// `conversationID` is in use now; forgets the conversations the retention says to.
    func use(conversation conversationID: String) {
        let now = clock.now
        keptConversations.touch(conversationID, at: now)
        for forgotten in keptConversations.sweep(at: now) { forget(conversation: forgotten) }
    }

    /// `uid` is in use now; forgets the users the retention says to (not one with a socket open).
    func use(user uid: String) {
        let now = clock.now
        keptUsers.touch(uid, at: now)
        let forgotten = keptUsers.sweep(at: now) { [sockets] in !(sockets[$0] ?? []).isEmpty }
        for user in forgotten { forget(user: user) }
    }

    private func forget(conversation conversationID: String) {
        // Plays already queued run out with nowhere to go; the lane's task then ends.
        conversations.removeValue(forKey: conversationID)?.lane.finish()
        for id in order.removeValue(forKey: conversationID) ?? [] {
            messages[id] = nil
            actions[id] = nil
        }
        let groupPrefix = "group_"
        if conversationID.hasPrefix(groupPrefix) { groups[String(conversationID.dropFirst(groupPrefix.count))] = nil }
    }

    private func forget(user uid: String) {
        for credential in credentials.removeValue(forKey: uid) ?? [] {
            tokens[credential] = nil
            jwts[credential] = nil
        }
        downUntil[uid] = nil
        sockets[uid] = nil
    }
}
