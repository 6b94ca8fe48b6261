/// What a realtime transport needs to connect.
public struct CometChatLogin: Sendable {
    /// The socket's address: `websocket_url`, or the one the app's settings give.
    public var url: String
    public var appID: String
    public var user: String
    /// From `POST /users/{uid}/auth_tokens` (a transport running CometChat's own SDK logs in with it).
    public var authToken: String
    /// From `PUT /me`: what the auth frame carries.
    public var jwt: String
    /// This connection's device id, the SDK's resource (CometChat drops frames that echo its own device).
    public var deviceID: String
    /// The auth frame to send first.
    public var authFrame: String
    /// The longest the handshake and the authentication may take.
    public var timeout: Duration
    /// The keep-alive's timing.
    public var timing: CometChatLinkTiming

    /// Creates a login.
    public init(
        url: String, appID: String, user: String, authToken: String, jwt: String, deviceID: String, authFrame: String, timeout: Duration,
        timing: CometChatLinkTiming = CometChatLinkTiming()
    ) {
        self.url = url
        self.appID = appID
        self.user = user
        self.authToken = authToken
        self.jwt = jwt
        self.deviceID = deviceID
        self.authFrame = authFrame
        self.timeout = timeout
        self.timing = timing
    }
}
