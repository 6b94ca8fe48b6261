import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The monitor's HTTP side (Hummingbird): `/metrics` in Prometheus' text format, `/healthz` for
/// liveness probes, and the status page at `/`. Runs until the task running it is cancelled.
public struct MonitorServer: Sendable {
    /// Where the monitor listens when neither `--listen` nor `monitor: listen:` says: loopback
    /// only, so nothing is exposed beyond the machine unless asked for.
    public static let standardHost = "127.0.0.1"
    /// The default port.
    public static let standardPort = 9464

    /// The address to bind: `monitor: listen:`'s host (127.0.0.1 by default).
    public var host: String
    /// The port; 0 takes a free one, reported to `onListening`.
    public var port: Int
    public var metrics: MonitorMetrics
    public var board: StatusBoard
    /// Hummingbird's logger (warnings and errors).
    public var logger: Logger

    /// A server of `metrics` and `board` on `host:port`.
    public init(host: String = "127.0.0.1", port: Int, metrics: MonitorMetrics, board: StatusBoard, logger: Logger) {
        self.host = host
        self.port = port
        self.metrics = metrics
        self.board = board
        self.logger = logger
    }

    /// Serves until cancelled, then shuts down gracefully: requests under way are answered, idle
    /// connections (a scraper's keep-alive) are closed. `onListening` gets the bound port once the
    /// socket listens (the real one when `port` is 0). Throws ``MonitorServerError`` when it cannot
    /// listen (the port is taken).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let bound = BoundFlag()
        let application = Application(
            router: router(), configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                await bound.set()
                await onListening(channel.localAddress?.port ?? 0)
            }, logger: logger)
        // No signals: the monitor's command owns SIGINT and SIGTERM and cancels this task.
        let services = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let (cancelled, cancel) = AsyncStream.makeStream(of: Void.self)
        // Cancelling a Hummingbird server tears its connections down and logs each as an error;
        // a graceful shutdown does not. So the group runs in a task of its own that this task's
        // cancellation does not reach, and the cancellation asks it to shut down instead. The
        // task is awaited to its end, on every path.
        let serving = Task {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await services.run()
                    return true
                }
                group.addTask {
                    for await _ in cancelled {}
                    if !Task.isCancelled { await services.triggerGracefulShutdown() }
                    return false
                }
                // Until the services end (shut down, or never listening); the watcher goes with them.
                defer { group.cancelAll() }
                while let servicesEnded = try await group.next(), !servicesEnded {}
            }
        }
        do {
            try await withTaskCancellationHandler {
                try await serving.value
            } onCancel: {
                cancel.finish()
            }
        } catch {
            guard await !bound.value else { throw error }
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw MonitorServerError(description: "cannot listen on \(Self.address(host, port)): \(reason)")
        }
    }

    /// `host:port`, an IPv6 host in brackets: `[::1]:9464`.
    public static func address(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The three routes.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let metrics = self.metrics
        let board = self.board
        router.get("/metrics") { _, _ in
            Self.response(metrics.exposition(), type: MonitorMetrics.contentType)
        }
        // Liveness of the monitor itself, not of the checks: a probe that restarted the monitor
        // whenever an agent was down would lose its history of the outage.
        router.get("/healthz") { _, _ in
            Self.response("ok\n", type: "text/plain; charset=utf-8")
        }
        router.get("/") { _, _ in
            var response = Self.response(await board.page(), type: "text/html; charset=utf-8")
            response.headers[.cacheControl] = "no-store"
            return response
        }
        return router
    }

    private static func response(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Whether the socket was bound, so a failure after it is not called a failure to listen.
    private actor BoundFlag {
        var value = false
        func set() { value = true }
    }
}

/// The monitor's server could not listen: `cannot listen on 127.0.0.1:9464: Address already in use`.
public struct MonitorServerError: Error, CustomStringConvertible, Sendable {
    /// The sentence.
    public var description: String
}
