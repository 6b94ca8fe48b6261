/// What the realtime transport hands the session: a text frame, or word of a binary frame (which
/// CometChat never sends; the SDK logs it and goes on, Parley warns).
public enum CometChatInbound: Hashable, Sendable {
    case text(String)
    case binary(byteCount: Int)
}
