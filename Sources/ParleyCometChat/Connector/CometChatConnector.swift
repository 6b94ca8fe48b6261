import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ParleyCore
import ParleyModel

/// Talks to a CometChat AI agent (protocols/cometchat.md, docs/cometchat.md): messages and
/// interactions over the REST API as the user, the agent's run and messages over the realtime
/// transport (pluggable; a WebSocket by default).
public final class CometChatConnector: Connector, @unchecked Sendable {
    public let settings: CometChatSettings
    private let realtime: @Sendable (any MonotonicClock) -> any CometChatRealtime
    private let wallClock: @Sendable () -> Date
    private let logger: Logger
    private let lock = NSLock()
    private let tokens = AuthTokenCache()
    /// Made with the first session, so a run refused while planning leaves nothing to shut down.
    private var client: HTTPClient?

    /// A connector. `realtime` makes the transport for a session on its clock (the WebSocket one by
    /// default); `wallClock` stamps interactions and resolves weekday slots. Call `shutdown()` when done.
    public init(
        settings: CometChatSettings, realtime: (@Sendable (any MonotonicClock) -> any CometChatRealtime)? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        var logger = Logger(label: "parley.cometchat")
        logger.logLevel = .critical
        self.logger = logger
        self.realtime = realtime ?? { [logger] clock in CometChatWebSocket(clock: clock, logger: logger) }
        self.wallClock = wallClock
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

    /// Text, interactions (fill and submit, click, schedule) and end; the events CometChat's
    /// frames become (docs/cometchat.md). No quick replies, typing, tool answers or interrupts:
    /// CometChat's agents have none of them on the wire.
    public var capabilities: ConnectorCapabilities {
        ConnectorCapabilities(
            actions: [.send, .submit, .click, .schedule, .end],
            events: [
                .runStarted, .runFinished, .runError, .textStart, .textDelta, .textEnd, .reply, .toolCallStart, .toolCallArgs,
                .toolCallEnd, .toolCall, .toolResult, .cardStart, .card, .cardEnd, .interactive, .form, .interactiveCard, .scheduler,
                .goalCompleted, .agenticMessage, .assistantMessage, .toolArgumentsMessage, .toolResultMessage, .action, .typing,
                .sessionEnded, .connection, .turnEnded,
            ])
    }

    /// Opens a session: the auth token and the realtime connection come up in the background; the
    /// first message waits for them, and their failures reach the flow through `next`.
    /// Flows acting as the same user wait for each other (``UserGate``).
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        let gate = UserGate.gate(restURL: settings.restURL, user: settings.user)
        try await gate.enter()
        let session = CometChatSession(
            settings: settings, rest: CometChatRestClient(client: sharedClient, settings: settings),
            realtime: realtime(request.clock), clock: request.clock, wallClock: wallClock, deviceID: "parley-\(request.sessionID)",
            gate: gate, tokens: tokens)
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
