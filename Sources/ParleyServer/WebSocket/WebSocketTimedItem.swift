import ParleySimulator

/// One thing a play puts on a served socket and when, from the start of the play: an output of the
/// protocol (a PolyAI event, a CometChat output), or a wire fault that acts on the frames after it.
public struct WebSocketTimedItem<Output: Hashable & Sendable>: Hashable, Sendable {
    /// Time from the start of the play.
    public var offset: Duration
    /// The output or fault.
    public var content: Content

    /// An output, or a fault for the live sockets.
    public enum Content: Hashable, Sendable {
        case output(Output)
        /// On PolyAI never `delayEcho`: the encoder takes that out (it acts on the echo before the play).
        case fault(ScriptFault)
    }

    /// Creates an item.
    public init(_ content: Content, at offset: Duration) {
        self.content = content
        self.offset = offset
    }
}

/// A PolyAI play's item: an event, or a fault.
public typealias PolyAITimedItem = WebSocketTimedItem<PolyAIEvent>

/// A CometChat play's item: an output, or a fault.
public typealias CometChatTimedItem = WebSocketTimedItem<CometChatOutput>
