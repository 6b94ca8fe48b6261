/// The largest single event a connector takes from the wire (README, "Connectors").
/// An event is held whole until it is complete, so one without bound could exhaust memory; one
/// above the limit is refused and the flow fails with `refusal`.
///
/// 16 MiB: far above any real agent event (a long reply is kilobytes, a state snapshot rarely a
/// megabyte), small enough that holding one and decoding it (bytes, text, JSON: a few copies)
/// stays well under the memory of a CI machine. The WebSocket connectors' client caps frames and
/// messages at the same size (`maxFrameSize`, `messages(maxSize:)`).
public enum EventSizeLimit {
    /// The limit, in bytes: 16 MiB.
    public static let bytes = 16 << 20

    /// The reason a flow fails with when the agent sends a larger event.
    public static let refusal = "the agent sent an event larger than 16 MiB (the limit); refused"
}
