import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ParleyCore
import ParleySimulator
import ServiceLifecycle

/// An agent script served as a CometChat AI agent (docs/serve.md, "CometChat"): the REST API
/// under `/v3`, the client API's login and settings under `/v3.0`, and the realtime WebSocket at
/// the root path (the address `/v3.0/me` gives, as CometChat's does), on one port. A user's text message to the
/// agent (or to a group) plays the script's answer as a run streamed over the user's sockets, then
/// its persisted agentic messages; interactive messages are answered through `PATCH …/interacted`.
/// What `parley serve --protocol cometchat` runs, and what loopback tests start in-process with
/// ``withListening(_:)``.
public struct CometChatServer: Sendable {
    /// The script every conversation plays.
    public let script: AgentScript
    /// The address to bind (loopback unless told otherwise: this is a test agent).
    public var host: String
    /// The port; 0 takes a free one, reported to `onListening`.
    public var port: Int
    /// When events fall due.
    public var clock: any MonotonicClock
    /// Hummingbird's logger: warnings and errors only, by default on standard error.
    public var logger: Logger
    /// Credentials, the agent's identity, and the choices CometChat leaves open.
    public var options: CometChatServerOptions
    /// Every REST request the server receives, readable while it serves; copies of this server
    /// share it, and each run of the server adds to it.
    public var requestLog = CometChatRequestLog()

    /// A server for a parsed script.
    public init(
        script: AgentScript, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger(), options: CometChatServerOptions = CometChatServerOptions()
    ) {
        self.script = script
        self.host = host
        self.port = port
        self.clock = clock
        self.logger = logger
        self.options = options
    }

    /// A server for the script at `path`; throws its diagnostics when it does not parse.
    public init(
        scriptPath path: String, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger(), options: CometChatServerOptions = CometChatServerOptions()
    ) throws(AgentScriptError) {
        self.init(
            script: try AgentScriptParser.parse(path: path).get(), host: host, port: port, clock: clock, logger: logger, options: options)
    }

    /// The agent's uid: ``CometChatServerOptions/agentUID``, else made from the agent's name.
    public var agentUID: String {
        options.agentUID ?? CometChatServerOptions.agentUID(forName: agentName)
    }

    /// The agent's name: ``CometChatServerOptions/agentName``, else the script's.
    public var agentName: String {
        options.agentName ?? script.agent.name
    }

    /// Serves until the task is cancelled or, with `stopOnSignals`, until SIGTERM or SIGINT, which
    /// shut down gracefully: open sockets get a close frame (1000), plays still running stop.
    /// `onListening` gets the HTTP base URL once the socket is bound (with the real port when `port`
    /// is 0). Throws ``WebSocketServerError`` when it cannot listen (the port is taken, say).
    public func run(stopOnSignals: Bool = false, onListening: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        try await lifecycle.run(stopOnSignals: stopOnSignals, onListening: onListening) { application(onListening: $0) }
    }

    /// Runs `body` with the server listening (given its base URL, `http://127.0.0.1:<port>/`), then
    /// shuts it down gracefully, also when `body` throws.
    public func withListening<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        try await lifecycle.withListening({ application(onListening: $0) }, body)
    }

    private var lifecycle: ServerLifecycle {
        ServerLifecycle(host: host, port: port, logger: logger, name: "CometChat", failure: { WebSocketServerError($0) })
    }

    /// The text `fault: malformed_frame` sends: the start of a streamed event, cut off.
    public static let malformedFrameText = #"{"type":"streamed_message","body":{"type":"text_message_content","data":{"delta":"#

    /// The WebSocket URL of a server whose HTTP base URL is `url`: `ws://host:port`, no path (the
    /// one its settings name).
    public static func webSocketURL(for url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.scheme = url.scheme == "https" ? "wss" : "ws"
        components.path = ""
        return components.url!
    }

    /// The client API base of a server whose HTTP base URL is `url`: `http://host:port/v3.0`.
    public static func clientAPIURL(for url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.path = "/v3.0"
        return components.url!
    }

    /// The REST base URL of a server whose HTTP base URL is `url`: `http://host:port/v3`.
    public static func restURL(for url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.path = "/v3"
        return components.url!
    }

    /// The Hummingbird application: the REST routes, the upgrade at `/`, and the pool the
    /// conversations' plays run in (shut down after the server, so sockets close first).
    private func application(onListening: @escaping @Sendable (URL) async -> Void) -> some Service {
        let pool = PolyAITaskPool()
        let options = self.options
        var resolved = options
        resolved.agentUID = agentUID
        resolved.agentName = agentName
        let hub = CometChatHub(script: script, options: resolved, clock: clock, pool: pool, logger: logger)
        let socket = CometChatSocket(hub: hub)
        let host = self.host
        return Application(
            router: CometChatRestResponder(hub: hub, options: resolved, log: requestLog).router(),
            server: .http1WebSocketUpgrade(
                configuration: .init(ws: .init(maxFrameSize: CometChatSocket.maximumMessage))
            ) { request, channel, _ in
                socket.shouldUpgrade(request, channel: channel)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: nil), services: [pool],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let url = URL(string: "http://\(host):\(port)/")!
                await hub.listening(at: url)
                await onListening(url)
            }, logger: logger)
    }
}
