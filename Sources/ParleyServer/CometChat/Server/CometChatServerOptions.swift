/// How a ``CometChatServer`` behaves where CometChat leaves a choice; every option has a default,
/// so `CometChatServerOptions()` is a well-behaved server.
public struct CometChatServerOptions: Hashable, Sendable {
    /// The app id the auth frame must name (`appId`), and every frame's `appId`.
    public var appID: String
    /// The region clients put in their REST host and apiAction bodies; not checked.
    public var region: String
    /// The REST API key every request but `POST /actions` must send in `apikey`.
    public var apiKey: String
    /// The agent's uid; nil takes ``agentUID(forName:)`` of the script's agent name.
    public var agentUID: String?
    /// The agent's name in message entities; nil takes the script's agent name.
    public var agentName: String?
    /// Whether `PUT /v3.0/me` carries the app's `settings` (as CometChat's usually does); without
    /// them a client must ask `GET /v3.0/settings`.
    public var settingsInMe: Bool
    /// Pings left unanswered, the first ones the server gets (a test's dead socket): each socket
    /// that sends one of them gets no pong.
    public var unansweredPings: Int
    /// How long conversations (with their messages) and users (with their tokens and JWTs) idle
    /// are kept, and how many of each.
    public var retention: ConversationRetention

    /// Options; the defaults are a well-behaved server.
    public init(
        appID: String = "parley-app", region: String = "us", apiKey: String = "demo-api-key", agentUID: String? = nil,
        agentName: String? = nil, settingsInMe: Bool = true, unansweredPings: Int = 0,
        retention: ConversationRetention = ConversationRetention()
    ) {
        self.appID = appID
        self.region = region
        self.apiKey = apiKey
        self.agentUID = agentUID
        self.agentName = agentName
        self.settingsInMe = settingsInMe
        self.unansweredPings = unansweredPings
        self.retention = retention
    }

    /// The uid an agent named `name` gets when none is given: the name lowercased, each character
    /// that is not a letter or digit replaced by `-` (`Demo Support` is `demo-support`).
    public static func agentUID(forName name: String) -> String {
        name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }
}
