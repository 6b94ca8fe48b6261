import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ParleyCore
import ParleyModel

/// Talks to a PolyAI messaging agent (protocols/polyai-messaging.md): per flow run, a token and a
/// session over REST, then a WebSocket that survives drops by reconnecting with the cursor.
public final class PolyAIConnector: Connector, @unchecked Sendable {
    public let settings: PolyAISettings
    private let wallClock: @Sendable () -> Double
    private let jitter: @Sendable () -> Double
    private let logger: Logger
    private let lock = NSLock()
    /// Made with the first session, so a run refused while planning leaves nothing to shut down.
    private var client: HTTPClient?

    /// A connector. `wallClock` (seconds since 1970) judges token expiry; `jitter` (0.8…1.2)
    /// spreads reconnects. Call `shutdown()` when done with it.
    public init(
        settings: PolyAISettings, wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.8...1.2) }
    ) {
        self.settings = settings
        self.wallClock = wallClock
        self.jitter = jitter
        var logger = Logger(label: "parley.polyai")
        logger.logLevel = .critical
        self.logger = logger
    }

    deinit {
        client?.shutdown { _ in }
    }

    private var sharedClient: HTTPClient {
        lock.withLock {
            if let client { return client }
            var configuration = HTTPClient.Configuration()
            configuration.timeout = .init(connect: .seconds(10), read: .nanoseconds(Int64(settings.timeout.inSeconds * 1e9)))
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 4096
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.httpVersion = .http1Only
            let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            client = made
            return made
        }
    }

    /// Text, taps, typing and end; the events PolyAI's frames become (docs/polyai.md).
    public var capabilities: ConnectorCapabilities {
        ConnectorCapabilities(
            actions: [.send, .tap, .typing, .end],
            events: [
                .reply, .textStart, .textDelta, .textEnd, .typing, .handoff, .system, .sessionEnded, .delivery, .connection,
                .custom, .turnEnded,
            ])
    }

    /// Opens a session: the handshake and the socket run in the background, and their failures
    /// reach the flow through `next`.
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        let session = PolyAISession(
            settings: settings, rest: PolyRestClient(client: sharedClient, settings: settings, clock: request.clock),
            clock: request.clock, wallClock: wallClock, jitter: jitter, logger: logger)
        session.start()
        return session
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
