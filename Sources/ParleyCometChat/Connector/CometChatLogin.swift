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
