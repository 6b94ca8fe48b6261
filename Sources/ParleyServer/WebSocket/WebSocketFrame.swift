/// What a served socket (PolyAI's or CometChat's) is told to do: send a frame, or one of the faults
/// a script asks for. Faults are frames too, so the injector that places them stays pure and the
/// socket writer only does what each one says.
public enum WebSocketFrame: Hashable, Sendable {
    /// A text frame: one JSON object, or not JSON at all for `fault: malformed_frame`.
    case text(String)
    /// A binary frame (`fault: binary_frame`), which a text-only client must refuse.
    case binary([UInt8])
    /// A close frame with this code and reason (`fault: close`, a refused auth); nothing follows it.
    case close(code: Int, reason: String?)
    /// The TCP connection is closed with no close frame (`fault: drop_connection`): the client sees
    /// an abnormal closure, 1006. Nothing follows it.
    case drop

    /// Whether the socket is gone after this frame.
    public var endsSocket: Bool {
        switch self {
        case .text, .binary: return false
        case .close, .drop: return true
        }
    }

    /// The bytes `fault: binary_frame` sends: not UTF-8, so no client can mistake them for text.
    public static let binaryBytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x01, 0x70, 0x61, 0x72, 0x6C, 0x65, 0x79]
}
