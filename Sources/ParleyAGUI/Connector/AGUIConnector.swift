import AsyncHTTPClient
import Foundation
import NIOCore
import ParleyCore
import ParleyModel

/// Talks to an AG-UI agent (protocols/ag-ui.md): one thread per flow run, one HTTP POST per user
/// action, the answer streamed back as server-sent events.
public final class AGUIConnector: Connector, Sendable {
    public let settings: AGUISettings
    private let client: HTTPClient
    /// The event loop every session's answers are read on, and so, as the client's pool prefers
    /// it, that its connections live on: an answer read on another loop than its connection's
    /// would cost a hand-off between the two for each part of it (issue 20).
    private let loop: any EventLoop
    private let template: RequestTemplate

    /// A connector whose requests go through `httpClient`, the run's shared client, which the
    /// caller owns and shuts down after this connector. `settings.timeout` is the read timeout (the
    /// longest silence during a run), enforced per request.
    public init(settings: AGUISettings, httpClient: HTTPClient) {
        self.settings = settings
        self.client = httpClient
        loop = httpClient.eventLoopGroup.next()
        template = RequestTemplate(settings)
    }

    /// Every action AG-UI can carry. `typing` has no AG-UI message; `end` ends the thread locally.
    public var capabilities: ConnectorCapabilities {
        ConnectorCapabilities(actions: Set(UserAction.Kind.allCases).subtracting([.typing]), events: Set(EventKind.allCases))
    }

    /// Opens a thread whose id is the session id; an agent that greets gets an opening run.
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        AGUISession(conversation: AGUIConversation(threadID: Self.threadID(for: request.sessionID), settings: settings), client: client, template: template, loop: loop, clock: request.clock)
    }

    /// A thread id no other session shares: agents that keep conversations by thread id (as
    /// `parley serve` and LangGraph do) must not see a rerun, a retry or a second `parley run`
    /// continue an earlier thread. The flow run's id stays readable at the front.
    static func threadID(for sessionID: String) -> String {
        "\(sessionID)#\(RandomID.uuid().uuidString.prefix(8).lowercased())"
    }

    /// Nothing to release: the HTTP client is the caller's.
    public func shutdown() async {}
}
