/// What an alert says: a check went down (after `alerts: after:` consecutive failures) or came back.
public enum AlertKind: String, Hashable, Sendable, CaseIterable {
    case failing
    case recovered
}
