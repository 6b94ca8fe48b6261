import ParleyModel

/// Talks to one kind of agent: opens one session per flow run (DESIGN section 2).
public protocol Connector: Sendable {
    /// What this connector can do and report, checked before anything runs.
    var capabilities: ConnectorCapabilities { get }

    /// Opens a conversation. Throws a `ConnectorError` when the agent cannot be reached.
    func openSession(_ request: SessionRequest) async throws -> any AgentSession

    /// Releases what the connector holds (HTTP clients, event loops) once every session is closed.
    func shutdown() async
}

extension Connector {
    /// Nothing to release.
    public func shutdown() async {}
}

/// What a connector needs to open a session.
public struct SessionRequest: Sendable {
    /// A stable id for this flow run (AG-UI thread id, PolyAI local session, and so on).
    public var sessionID: String
    /// The flow's name, for connectors that label conversations.
    public var flowName: String
    /// The run's clock; connectors stamp and schedule with it, never with their own.
    public var clock: any MonotonicClock

    /// Creates a request.
    public init(sessionID: String, flowName: String, clock: any MonotonicClock) {
        self.sessionID = sessionID
        self.flowName = flowName
        self.clock = clock
    }
}
