/// A typing indicator's state on the wire, for the user's own frames and the live agent's.
public enum PolyTypingState: String, Hashable, Sendable, CaseIterable {
    case started = "TYPING_STATE_STARTED"
    case stopped = "TYPING_STATE_STOPPED"
}
