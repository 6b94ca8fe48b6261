/// One event dispatched by ``SSEDecoder``, following the WHATWG EventSource model.
public struct ServerSentEvent: Hashable, Sendable {
    /// The `event:` field of this event, or `nil` when absent or empty (a browser reports `"message"`).
    public var event: String?
    /// The joined `data:` lines, separated by `"\n"`, without a trailing newline.
    public var data: String
    /// The last event ID in effect when this event was dispatched. As in the spec it is sticky: it
    /// carries over to later events until another `id:` line changes it. `nil` when unset or empty.
    public var id: String?
    /// The `retry:` value (milliseconds) given in this event's block, if any.
    public var retry: Int?

    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
