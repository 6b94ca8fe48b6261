import ParleySimulator

/// One thing a play puts on a CometChat socket and when, from the start of the play: an output,
/// or a wire fault that acts on the frames after it.
public struct CometChatTimedItem: Hashable, Sendable {
    /// Time from the start of the play.
    public var offset: Duration
    /// The output or fault.
    public var content: Content

    /// An output, or a fault for the live sockets.
    public enum Content: Hashable, Sendable {
        case output(CometChatOutput)
        case fault(ScriptFault)
    }

    /// Creates an item.
    public init(_ content: Content, at offset: Duration) {
        self.content = content
        self.offset = offset
    }
}
