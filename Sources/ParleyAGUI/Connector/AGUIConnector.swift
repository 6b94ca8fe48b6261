import AsyncHTTPClient
import Foundation
import NIOCore
import ParleyCore
import ParleyModel

/// Talks to an AG-UI agent (protocols/ag-ui.md): one thread per flow run, one HTTP POST per user
/// action, the answer streamed back as server-sent events.
public final class AGUIConnector: Connector, @unchecked Sendable {
    public let settings: AGUISettings
    private let lock = NSLock()
    /// Made with the first session, so a run refused while planning leaves nothing to shut down.
    private var client: HTTPClient?

    /// A connector; its HTTP client comes with the first session. `settings.timeout` is the read
    /// timeout (the longest silence during a run), and the pool is sized for thousands of
    /// concurrent conversations. Call `shutdown()` when done with it.
    public init(settings: AGUISettings) {
        self.settings = settings
    }

    deinit {
        // A connector dropped without `shutdown()` still lets its client go cleanly.
        client?.shutdown { _ in }
    }

    private var sharedClient: HTTPClient {
        lock.withLock {
            if let client { return client }
            var configuration = HTTPClient.Configuration()
            configuration.timeout = .init(connect: .seconds(10), read: .nanoseconds(Int64(settings.timeout.inSeconds * 1e9)))
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 4096
            // An agent that is not listening is reported at once, not after the connect timeout.
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.httpVersion = .http1Only
            configuration.decompression = .disabled
            let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            client = made
            return made
        }
    }

    /// Every action AG-UI can carry. `typing` has no AG-UI message; `end` ends the thread locally.
    public var capabilities: ConnectorCapabilities {
        ConnectorCapabilities(actions: Set(UserAction.Kind.allCases).subtracting([.typing]), events: Set(EventKind.allCases))
    }

    /// Opens a thread whose id is the session id; an agent that greets gets an opening run.
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        let session = AGUISession(
            conversation: AGUIConversation(threadID: Self.threadID(for: request.sessionID), settings: settings), client: sharedClient, clock: request.clock)
        if settings.greeting { session.startRun(nil) }
        return session
    }

    /// A thread id no other session shares: agents that keep conversations by thread id (as
    /// `parley serve` and LangGraph do) must not see a rerun, a retry or a second `parley run`
    /// continue an earlier thread. The flow run's id stays readable at the front.
    static func threadID(for sessionID: String) -> String {
        "\(sessionID)#\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Releases the HTTP client.
    public func shutdown() async {
        let made = lock.withLock { () -> HTTPClient? in
            defer { client = nil }
            return client
        }
        try? await made?.shutdown()
    }
}
