import ParleyAGUI

/// One thing the server puts on the wire: an AG-UI event, or one of the faults a script can ask for.
/// The faults are frames too, so the encoder that places them stays pure and the streamer that
/// sends them only has to do what each frame says.
public enum SSEFrame: Hashable, Sendable {
    /// A well-formed event: `data: <JSON>\n\n`.
    case event(AGUIEvent)
    /// A frame whose data is not JSON (`fault: malformed_frame`).
    case malformed(String)
    /// The connection ends here without a clean end of the body (`fault: drop_connection`).
    case drop

    /// The frame's bytes as SSE, or nil for ``drop``, which sends nothing.
    public var text: String? {
        switch self {
        case .event(let event): return "data: \(event.serialized)\n\n"
        case .malformed(let data): return "data: \(data)\n\n"
        case .drop: return nil
        }
    }

    /// The data of the frame `fault: malformed_frame` sends: the start of an event, cut off.
    public static let malformedData = #"{"type":"TEXT_MESSAGE_CONTENT","messageId":"#
}
