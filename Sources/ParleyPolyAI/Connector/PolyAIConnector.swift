import AsyncHTTPClient
import Foundation
import NIOCore
import ParleyCore
import ParleyModel

/// Talks to a PolyAI messaging agent (protocols/polyai-messaging.md): per flow run, a token and a
/// session over REST, then a WebSocket that survives drops by reconnecting with the cursor.
public final class PolyAIConnector: Connector, Sendable {
    public let settings: PolyAISettings
    private let client: HTTPClient
    private let wallClock: @Sendable () -> Double
    private let jitter: @Sendable () -> Double
    /// One TLS context for every session's `wss` sockets.
    private let tls = SocketTLS()

    /// A connector whose REST calls go through `httpClient`, the run's shared client, which the
    /// caller owns and shuts down after this connector. `wallClock`
    /// (seconds since 1970) judges token expiry; `jitter` (0.8…1.2) spreads reconnects.
    public init(
        settings: PolyAISettings, httpClient: HTTPClient,
        wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.8...1.2) }
    ) {
        self.settings = settings
        self.client = httpClient
        self.wallClock = wallClock
        self.jitter = jitter
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

    /// Opens a session: the handshake and the socket run in its `run()`, and their failures reach
    /// the flow through `next`.
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        PolyAISession(
            settings: settings, rest: PolyRestClient(client: client, settings: settings, clock: request.clock),
            clock: request.clock, wallClock: wallClock, jitter: jitter, tls: tls)
    }

    /// Nothing to release: the HTTP client is the caller's.
    public func shutdown() async {}
}
