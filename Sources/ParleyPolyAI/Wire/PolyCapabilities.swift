import ParleyModel

/// What the server announced in SESSION_START (protocols/polyai-messaging.md 6.1), applied before
/// any later frame: the size limit for user messages, and what the I/O side needs for heartbeats
/// and reconnects.
public struct PolyCapabilities: Hashable, Sendable {
    /// The SDK's limit until the server says otherwise.
    public static let defaultMaxMessageBytes = 1_048_576

    /// Decoded, but like the SDK Parley does not change its reading on it.
    public var streaming: Bool
    /// The largest user text, in UTF-8 bytes, that may be sent.
    public var maxMessageBytes: Int
    /// The server's heartbeat interval: 0 stops heartbeats; nil or negative means the default.
    public var heartbeatSeconds: Int?
    /// Replaces the reconnect cap when present; 0 means no limit.
    public var maxReconnectAttempts: Int?

    /// Capabilities with the SDK's defaults.
    public init(
        streaming: Bool = false, maxMessageBytes: Int = Self.defaultMaxMessageBytes, heartbeatSeconds: Int? = nil,
        maxReconnectAttempts: Int? = nil
    ) {
        self.streaming = streaming
        self.maxMessageBytes = maxMessageBytes
        self.heartbeatSeconds = heartbeatSeconds
        self.maxReconnectAttempts = maxReconnectAttempts
    }

    /// Reads SESSION_START's `payload.capabilities`; missing fields take the defaults.
    public init(sessionStart payload: JSONValue) {
        let capabilities = payload.object("capabilities") ?? .object([])
        self.init(
            streaming: capabilities.bool("streaming") ?? false,
            maxMessageBytes: capabilities.integer("max_message_size_bytes") ?? Self.defaultMaxMessageBytes,
            heartbeatSeconds: capabilities.integer("heartbeat_interval_seconds"),
            maxReconnectAttempts: capabilities.integer("max_reconnect_attempts"))
    }
}
