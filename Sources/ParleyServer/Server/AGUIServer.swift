import Foundation
import Hummingbird
import Logging
import NIOCore
import ParleyCore
import ParleySimulator
import ServiceLifecycle
import UnixSignals

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

    /// A server for a parsed script.
    public init(
        script: AgentScript, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger()
    ) {
        self.script = script
        self.host = host
        self.port = port
        self.clock = clock
        self.logger = logger
    }

    /// A server for the script at `path`; throws its diagnostics when it does not parse.
    public init(
        scriptPath path: String, host: String = "127.0.0.1", port: Int = 0, clock: any MonotonicClock = SystemClock(),
        logger: Logger = AGUIServer.defaultLogger()
    ) throws(AgentScriptError) {
        self.init(script: try AgentScriptParser.parse(path: path).get(), host: host, port: port, clock: clock, logger: logger)
    }

    /// Serves until the task is cancelled or, with `stopOnSignals`, until SIGTERM or SIGINT, which
    /// shut down gracefully: runs being streamed are finished first. `onListening` gets the URL once
    /// the socket is bound (with the real port when `port` is 0). Throws ``AGUIServerError`` when
    /// it cannot listen (the port is taken, say).
    public func run(stopOnSignals: Bool = false, onListening: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        let bound = BoundAddress()
        let application = application { url in
            await bound.set(url)
            await onListening(url)
        }
        let services = ServiceGroup(
            configuration: .init(
                services: [application], gracefulShutdownSignals: stopOnSignals ? [.sigterm, .sigint] : [], logger: logger))
        do {
            try await services.run()
        } catch {
            guard await bound.url == nil else { throw error }
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw AGUIServerError("cannot listen on \(host):\(port): \(reason)")
        }
    }

    /// Runs `body` with the server listening, then shuts it down gracefully, also when `body` throws.
    public func withListening<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        let (addresses, address) = AsyncStream.makeStream(of: URL?.self)
        let services = ServiceGroup(configuration: .init(services: [application { address.yield($0) }], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { address.finish() }
                try await services.run()
            }
            var iterator = addresses.makeAsyncIterator()
            guard let url = await iterator.next() ?? nil else {
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                throw AGUIServerError("the AG-UI server did not start listening on \(host):\(port)")
            }
            do {
                let value = try await body(url)
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                return value
            } catch {
                await services.triggerGracefulShutdown()
                try? await group.waitForAll()
                throw error
            }
        }
    }

    /// The Hummingbird application: one responder for every path.
    private func application(onListening: @escaping @Sendable (URL) async -> Void) -> some Service {
        let responder = AGUIResponder(
            player: RunPlayer(engine: ScriptEngine(script: script)), streamer: FrameStreamer(clock: clock), store: ThreadStore())
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
