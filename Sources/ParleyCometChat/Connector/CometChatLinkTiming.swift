/// The socket's keep-alive and reconnection timing: the SDK's values by default
/// (protocols/cometchat-sdk.md §2.2, §4). Tests shorten them; flows cannot set them.
public struct CometChatLinkTiming: Hashable, Sendable {
    /// How often the client pings once the socket is authenticated (the first ping goes at once).
    public var pingInterval: Duration
    /// How long a ping may wait for its pong before the socket counts as dead.
    public var pongWindow: Duration
    /// The wait before each reconnect attempt.
    public var reconnectDelay: Duration
    /// Reconnect attempts in a row without an authenticated socket before the flow fails (the SDK
    /// retries forever; a test run must end).
    public var maxReconnects: Int

    /// The SDK's timing: a ping every 15 s, a pong within 3 s, a reconnect 5 s after a loss, at most 5 in a row.
    public init(
        pingInterval: Duration = .seconds(15), pongWindow: Duration = .seconds(3), reconnectDelay: Duration = .seconds(5), maxReconnects: Int = 5
    ) {
        self.pingInterval = pingInterval
        self.pongWindow = pongWindow
        self.reconnectDelay = reconnectDelay
        self.maxReconnects = maxReconnects
    }
}
