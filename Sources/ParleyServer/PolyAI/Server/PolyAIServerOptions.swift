/// How a ``PolyAIServer`` behaves where PolyAI leaves a choice or a test wants a fault; every
/// option has a default, so `PolyAIServerOptions()` is a well-behaved server.
public struct PolyAIServerOptions: Hashable, Sendable {
    /// The connector token `POST /access-token` expects in `X-Token`.
    public var connectorToken: String
    /// The host `X-Host` must name: this host or a subdomain of it (a URL naming one is accepted too).
    public var connectorHost: String
    /// How long an access token lives: its JWT `exp` and `expires_in`. After that the token opens
    /// no socket and creates no session.
    public var tokenLifetime: Duration
    /// REST failures to serve before answering.
    public var restFaults: [PolyAIRestFault]
    /// How streamed chunk texts join.
    public var chunkJoining: PolyAIChunkJoining
    /// Sent as `max_reconnect_attempts` in SESSION_START's capabilities, only when set.
    public var maxReconnectAttempts: Int?
    /// Sent as `heartbeat_interval_seconds` in SESSION_START's capabilities.
    public var heartbeatSeconds: Int
    /// The payload form of events inside EVENT_BATCH frames.
    public var batchPayloadStyle: PolyAIBatchPayloadStyle
    /// How long sessions idle are kept, and how many (also the most tokens kept).
    public var retention: ConversationRetention

    /// The `max_message_size_bytes` capability: what the SDK's tests use.
    public static let maxMessageSizeBytes = 65536

    /// Options; the defaults are a well-behaved server.
    public init(
        connectorToken: String = "demo-token", connectorHost: String = "parley.example", tokenLifetime: Duration = .seconds(3600),
        restFaults: [PolyAIRestFault] = [], chunkJoining: PolyAIChunkJoining = .space, maxReconnectAttempts: Int? = nil,
        heartbeatSeconds: Int = 30, batchPayloadStyle: PolyAIBatchPayloadStyle = .payload,
        retention: ConversationRetention = ConversationRetention()
    ) {
        self.connectorToken = connectorToken
        self.connectorHost = connectorHost
        self.tokenLifetime = tokenLifetime
        self.restFaults = restFaults
        self.chunkJoining = chunkJoining
        self.maxReconnectAttempts = maxReconnectAttempts
        self.heartbeatSeconds = heartbeatSeconds
        self.batchPayloadStyle = batchPayloadStyle
        self.retention = retention
    }
}
