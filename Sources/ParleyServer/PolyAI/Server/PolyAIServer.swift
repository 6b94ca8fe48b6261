import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ParleyCore
import ParleySimulator
import ServiceLifecycle

/// An agent script served as a PolyAI messaging agent: the REST handshake
/// (`POST /api/v1/access-token`, `POST /api/v1/sessions`) and the WebSocket at `/ws`, on one port.
/// Plays stream in real time on the clock and keep running while sockets come and go, so a
/// client's reconnect with its cursor is tested for real. What `parley serve --protocol polyai`
/// runs, and what loopback tests start in-process with ``withListening(_:)``.
public struct PolyAIServer: Sendable {
    /// The script every session plays.
    public let script: AgentScript
    /// The address to bind (loopback unless told otherwise: this is a test agent).
    public var host: String
    /// The port; 0 takes a free one, reported to `onListening`.
    public var port: Int
    /// When events fall due, and when tokens expire.
    public var clock: any MonotonicClock
    /// Hummingbird's logger: warnings and errors only, by default on standard error.
    public var logger: Logger
    /// Credentials, token lifetime, faults and the choices PolyAI leaves open.
    public var options: PolyAIServerOptions

    /// A server for a parsed script.
    public init(
        script: AgentScript, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger(), options: PolyAIServerOptions = PolyAIServerOptions()
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
        logger: Logger = AGUIServer.defaultLogger(), options: PolyAIServerOptions = PolyAIServerOptions()
    ) throws(AgentScriptError) {
        self.init(
            script: try AgentScriptParser.parse(path: path).get(), host: host, port: port, clock: clock, logger: logger, options: options)
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
        ServerLifecycle(host: host, port: port, logger: logger, name: "PolyAI", failure: { WebSocketServerError($0) })
    }

    /// The text `fault: malformed_frame` sends: the start of an agent message, cut off.
    public static let malformedFrameText = #"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","payload":{"text":"#

    /// The WebSocket URL of a server whose HTTP base URL is `url`: `ws://host:port/ws`.
    public static func webSocketURL(for url: URL) -> URL {
        ServerLifecycle.webSocketURL(for: url)
    }

    /// The Hummingbird application: the REST routes, the upgrade at `/ws`, and the pool the
    /// sessions' plays run in (shut down after the server, so sockets close first).
    private func application(onListening: @escaping @Sendable (URL) async -> Void) -> some Service {
        let pool = PolyAITaskPool()
        let store = PolyAISessionStore(script: script, options: options, clock: clock, pool: pool, logger: logger)
        let socket = PolyAISocket(store: store, logger: logger)
        let host = self.host
        return Application(
            router: PolyAIRestResponder(store: store, options: options).router(),
            server: .http1WebSocketUpgrade(
                configuration: .init(ws: .init(maxFrameSize: PolyAISocket.maximumMessage))
            ) { request, channel, _ in
                await socket.shouldUpgrade(request, channel: channel)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: nil), services: [pool],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                await onListening(URL(string: "http://\(host):\(port)/")!)
            }, logger: logger)
    }
}
