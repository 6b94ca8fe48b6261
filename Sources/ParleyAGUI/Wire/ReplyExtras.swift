import ParleyModel

/// What a reply carries besides its text, sent over AG-UI as a CUSTOM event next to the text
/// message (``CustomEventKind/suggestions``, ``CustomEventKind/replyExtras``).
public struct ReplyExtras: Hashable, Sendable {
    /// The message they belong to; nil means the next reply.
    public var messageID: String?
    public var suggestions: [String]
    public var attachments: [JSONValue]
    public var callActions: [JSONValue]
    /// Who sent the reply, when not the agent.
    public var from: Participant?

    /// Creates extras.
    public init(
        messageID: String? = nil, suggestions: [String] = [], attachments: [JSONValue] = [], callActions: [JSONValue] = [],
        from: Participant? = nil
    ) {
        self.messageID = messageID
        self.suggestions = suggestions
        self.attachments = attachments
        self.callActions = callActions
        self.from = from
    }

    /// The extras of a reply (its message id left out).
    public init(reply: Reply) {
        self.init(
            suggestions: reply.suggestions, attachments: reply.attachments, callActions: reply.callActions,
            from: reply.from == .agent ? nil : reply.from)
    }

    /// These extras added to `other` (lists appended, `from` replaced when set).
    public func merged(into other: ReplyExtras) -> ReplyExtras {
        ReplyExtras(
            messageID: other.messageID ?? messageID, suggestions: other.suggestions + suggestions,
            attachments: other.attachments + attachments, callActions: other.callActions + callActions, from: from ?? other.from)
    }

    /// `reply` with these extras applied.
    public func applied(to reply: Reply) -> Reply {
        var reply = reply
        reply.suggestions += suggestions
        reply.attachments += attachments
        reply.callActions += callActions
        if let from { reply.from = from }
        return reply
    }
}
