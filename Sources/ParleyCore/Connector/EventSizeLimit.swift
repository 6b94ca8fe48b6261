/// The largest single event a connector takes from the wire (README, "Connectors").
/// An event is held whole until it is complete, so one without bound could exhaust memory; one
/// above the limit is refused and the flow fails with `refusal`.
///
/// 16 MiB: far above any real agent event (a long reply is kilobytes, a state snapshot rarely a
/// megabyte), small enough that holding one and decoding it (bytes, text, JSON: a few copies)
/// stays well under the memory of a CI machine, and the WebSocket client's frame limit already.
public enum EventSizeLimit {
    /// The limit, in bytes: 16 MiB.
    public static let bytes = 16 << 20

    /// The reason a flow fails with when the agent sends a larger event.
    public static let refusal = "the agent sent an event larger than 16 MiB (the limit); refused"

    /// Whether a WebSocket client error says a frame or message was over the limit. The client's
    /// own error types for it are not public (NIO's `invalidFrameLength` for one frame, a close
    /// with `messageTooLarge` for a fragmented message), so they are told by name.
    public static func isOversized(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return text.contains("invalidFrameLength") || text.contains("messageTooLarge")
    }
}
