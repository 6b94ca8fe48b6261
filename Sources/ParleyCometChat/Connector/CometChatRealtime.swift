/// How the connector hears CometChat in real time: streamed run events, messages, interaction
/// receipts. CometChat's own realtime handshake is not public (its host comes from the client
/// API's settings; protocols/cometchat.md, Gaps), so the transport is a seam: ``CometChatWebSocket``
/// speaks the frames the Android SDK's source shows (an auth frame, then JSON text frames), and
/// another transport (a sidecar running CometChat's JavaScript SDK, say) can replace it.
public protocol CometChatRealtime: Sendable {
    /// Connects as `login.user`, authenticates, calls `opened` once the server accepted, then hands
    /// every event frame's text to `deliver` until the connection ends or the task is cancelled.
    func run(
        _ login: CometChatLogin, opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (String) async -> Void
    ) async -> CometChatRealtimeEnding
}

/// What a realtime transport needs to connect.
public struct CometChatLogin: Sendable {
    /// The socket's address (`websocket_url`).
    public var url: String
    public var appID: String
    public var user: String
    /// From `POST /users/{uid}/auth_tokens`.
    public var authToken: String
    /// This connection's device id (CometChat drops frames that echo its own device).
    public var deviceID: String
    /// The auth frame to send first.
    public var authFrame: String
    /// The longest the handshake and the authentication may take.
    public var timeout: Duration

    /// Creates a login.
    public init(url: String, appID: String, user: String, authToken: String, deviceID: String, authFrame: String, timeout: Duration) {
        self.url = url
        self.appID = appID
        self.user = user
        self.authToken = authToken
        self.deviceID = deviceID
        self.authFrame = authFrame
        self.timeout = timeout
    }
}

/// How a realtime connection ended.
public enum CometChatRealtimeEnding: Hashable, Sendable {
    /// The server closed it with a close frame.
    case closed(code: Int, reason: String)
    /// It dropped with no close frame.
    case dropped
    /// It never worked: unreachable, refused, not authenticated, too slow; the reason says which.
    case failed(String)
    /// The connector closed it (the flow ended or the user ended the session).
    case cancelled
}
