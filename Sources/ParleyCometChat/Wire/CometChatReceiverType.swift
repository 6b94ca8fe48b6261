/// Who a message goes to: one user or a group.
public enum CometChatReceiverType: String, Hashable, Sendable, CaseIterable {
    case user, group
}
