import Foundation
import Hummingbird
import Logging
import NIOCore
import ParleyCore
import ParleySimulator
import ServiceLifecycle

/// An agent script served as a real AG-UI agent over HTTP: `POST` a RunAgentInput to any path and
/// the simulator's plays come back as an SSE stream, in real time on the clock. What `parley serve`
/// runs, and what loopback tests start in-process with ``withListening(_:)``.
public struct AGUIServer: Sendable {
    /// The script every thread plays.
    public let script: AgentScript
    /// The address to bind (loopback unless told otherwise: this is a test agent).
    public var host: String
    /// The port; 0 takes a free one, reported to `onListening`.
    public var port: Int
    /// When frames fall due; tests pass `ManualClock` so a whole play streams at once.
    public var clock: any MonotonicClock
    /// Hummingbird's logger: warnings and errors only, by default on standard error.
    public var logger: Logger
    /// When threads are forgotten, measured on `clock`, so a long-running server's memory stays bounded.
    public var threadRetention: ConversationRetention

    /// A server for a parsed script.
    public init(
        script: AgentScript, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger(), threadRetention: ConversationRetention = ConversationRetention()
    ) {
        self.script = script
        self.host = host
        self.port = port
        self.clock = clock
        self.logger = logger
        self.threadRetention = threadRetention
    }

    /// A server for the script at `path`; throws its diagnostics when it does not parse.
    public init(
        scriptPath path: String, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger(), threadRetention: ConversationRetention = ConversationRetention()
    ) throws(AgentScriptError) {
        self.init(
            script: try AgentScriptParser.parse(path: path).get(), host: host, port: port, clock: clock, logger: logger,
            threadRetention: threadRetention)
    }

    /// Serves until the task is cancelled or, with `stopOnSignals`, until SIGTERM or SIGINT, which
    /// shut down gracefully: runs being streamed are finished first. `onListening` gets the URL once
    /// the socket is bound (with the real port when `port` is 0). Throws ``AGUIServerError`` when
    /// it cannot listen (the port is taken, say).
    public func run(stopOnSignals: Bool = false, onListening: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        try await lifecycle.run(stopOnSignals: stopOnSignals, onListening: onListening) { application(onListening: $0) }
    }

    /// Runs `body` with the server listening (given its base URL, `http://127.0.0.1:<port>/`), then
    /// shuts it down gracefully, also when `body` throws.
    public func withListening<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        try await lifecycle.withListening({ application(onListening: $0) }, body)
    }

    private var lifecycle: ServerLifecycle {
        ServerLifecycle(host: host, port: port, logger: logger, name: "AG-UI", failure: { AGUIServerError($0) })
    }

    /// The Hummingbird application: one responder for every path.
    private func application(onListening: @escaping @Sendable (URL) async -> Void) -> some Service {
        let responder = AGUIResponder(
            player: RunPlayer(engine: ScriptEngine(script: script)), streamer: FrameStreamer(clock: clock),
            store: ThreadStore(clock: clock, retention: threadRetention))
        let host = self.host
        return Application(
            responder: responder, configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                await onListening(URL(string: "http://\(host):\(port)/")!)
            }, logger: logger)
    }

    /// Warnings and errors on standard error: standard output is the command's.
    public static func defaultLogger() -> Logger {
        var logger = Logger(label: "parley.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        return logger
    }
}
