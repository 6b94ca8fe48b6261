/// A frame and when it is due, from the start of the response.
public struct TimedFrame: Hashable, Sendable {
    /// Time from the start of the response.
    public var offset: Duration
    /// What goes on the wire.
    public var frame: SSEFrame

    /// Creates a timed frame.
    public init(_ frame: SSEFrame, at offset: Duration) {
        self.frame = frame
        self.offset = offset
    }
}
