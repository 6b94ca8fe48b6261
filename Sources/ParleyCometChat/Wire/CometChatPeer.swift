/// The other side of the flow's conversation: the agent's uid (1:1) or a group the agent answers in.
public enum CometChatPeer: Hashable, Sendable {
    case agent(uid: String)
    case group(guid: String)

    /// The `receiver` of the user's messages.
    public var receiver: String {
        switch self {
        case .agent(let uid): uid
        case .group(let guid): guid
        }
    }

    /// The `receiverType` of the user's messages.
    public var receiverType: CometChatReceiverType {
        switch self {
        case .agent: .user
        case .group: .group
        }
    }

    /// The conversation's id as the contract spells it: the two uids sorted, joined by `_user_`,
    /// or `group_{guid}`.
    public func conversationID(user: String) -> String {
        switch self {
        case .agent(let uid):
            let pair = [user, uid].sorted()
            return "\(pair[0])_user_\(pair[1])"
        case .group(let guid):
            return "group_\(guid)"
        }
    }
}
