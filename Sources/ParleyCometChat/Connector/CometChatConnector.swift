import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ParleyCore
import ParleyModel

/// Talks to a CometChat AI agent (protocols/cometchat.md, docs/cometchat.md): messages and
/// interactions over the REST API as the user, the agent's run and messages over the realtime
/// transport (pluggable; a WebSocket by default).
public final class CometChatConnector: Connector, Sendable {
    public let settings: CometChatSettings
    private let client: HTTPClient
    private let users: CometChatUsers
    private let realtime: @Sendable (any MonotonicClock) -> any CometChatRealtime
    private let wallClock: @Sendable () -> Date
    private let tokens = AuthTokenCache()

    /// A connector whose REST calls go through `httpClient`, the run's shared client, which the
    /// caller owns and shuts down after this connector. `users` is the run's one gate per user
    /// (every CometChat connector of a run gets the same value); `logger` is where it logs.
    /// `realtime` makes the transport for a session on its clock (the WebSocket one by default);
    /// `wallClock` stamps interactions and resolves weekday slots.
    public init(
        settings: CometChatSettings, httpClient: HTTPClient, users: CometChatUsers, logger: Logger,
        realtime: (@Sendable (any MonotonicClock) -> any CometChatRealtime)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.client = httpClient
        self.users = users
        self.realtime = realtime ?? { clock in CometChatWebSocket(clock: clock, logger: logger) }
        self.wallClock = wallClock
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
                .sessionEnded, .connection, .protocolWarning, .turnEnded,
            ])
    }

    /// Opens a session: the auth token and the realtime connection come up in its `run()`; the
    /// first message waits for them, and their failures reach the flow through `next`.
    /// Flows acting as the same user wait for each other (``CometChatUsers``).
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        let gate = users.gate(restURL: settings.restURL, user: settings.user)
        try await gate.enter()
        return CometChatSession(
            settings: settings, rest: CometChatRestClient(client: client, settings: settings),
            realtime: realtime(request.clock), clock: request.clock, wallClock: wallClock, deviceID: "parley-\(request.sessionID)",
            gate: gate, tokens: tokens)
    }

    /// Nothing to release: the HTTP client is the caller's.
    public func shutdown() async {}
}
