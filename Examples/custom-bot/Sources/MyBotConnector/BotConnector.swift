import AsyncHTTPClient
import Logging
import Parley

/// Talks to the team's bot: one bot session per flow run, one POST per message. It holds the
/// run's HTTP client and nothing else, so there is nothing of its own to shut down.
public struct BotConnector: Connector {
    public let settings: BotSettings
    private let client: BotClient

    /// A connector over `client`, the run's shared HTTP client (`RunResources.httpClient`).
    public init(settings: BotSettings, client: HTTPClient, logger: Logger) {
        self.settings = settings
        self.client = BotClient(settings: settings, client: client, logger: logger)
    }

    /// The protocol carries text: a message, a tapped suggestion (sent as its text), and the end.
    public var capabilities: ConnectorCapabilities {
        ConnectorCapabilities(
            actions: [.send, .tap, .end], events: [.runStarted, .toolCall, .reply, .runFinished, .sessionEnded, .turnEnded])
    }

    /// Opens a bot session (`POST /sessions`); an unreachable bot fails the flow here.
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        let id = try await client.openSession(label: request.flowName)
        return BotSession(id: id, client: client, clock: request.clock)
    }
}
