/// Where a message goes: a user (a 1:1 conversation) or a group.
public enum CometChatAddress: Hashable, Sendable {
    case user(String)
    case group(String)

    /// `receiver`: the uid or guid.
    public var receiver: String {
        switch self {
        case .user(let uid): return uid
        case .group(let guid): return guid
        }
    }

    /// `receiverType`: `user` or `group`.
    public var receiverType: String {
        switch self {
        case .user: return "user"
        case .group: return "group"
        }
    }

    /// The conversation a message from `sender` to this address belongs to: `{a}_user_{b}` with
    /// the two uids sorted, or `group_{guid}`.
    public func conversationID(from sender: String) -> String {
        switch self {
        case .user(let uid):
            let pair = [sender, uid].sorted()
            return "\(pair[0])_user_\(pair[1])"
        case .group(let guid):
            return "group_\(guid)"
        }
    }
}
