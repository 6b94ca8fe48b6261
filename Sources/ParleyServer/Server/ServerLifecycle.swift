import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// How every `parley serve` protocol runs its Hummingbird application: until cancelled or
/// signalled (`run`), or around a body for in-process tests (`withListening`). `failure` makes the
/// protocol's own error from a sentence, so callers keep catching `AGUIServerError` or
/// `WebSocketServerError`.
struct ServerLifecycle: Sendable {
    /// Makes the application, which calls back with its URL once bound.
    typealias Make<S: Service> = (@escaping @Sendable (URL) async -> Void) -> S

    var host: String
    var port: Int
    var logger: Logger
    /// The protocol's name in messages: "AG-UI", "PolyAI".
    var name: String
    var failure: @Sendable (String) -> any Error

    /// Serves until the task is cancelled or, with `stopOnSignals`, until SIGTERM or SIGINT (a
    /// graceful shutdown). A failure before the socket is bound reads `cannot listen on host:port: why`.
    func run<S: Service>(
        stopOnSignals: Bool, onListening: @escaping @Sendable (URL) async -> Void, _ make: Make<S>
    ) async throws {
        let bound = BoundAddress()
        let application = make { url in
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
            throw failure("cannot listen on \(host):\(port): \(reason)")
        }
    }

    /// Runs `body` with the application listening, then shuts it down gracefully, also when `body` throws.
    func withListening<S: Service, Value: Sendable>(_ make: Make<S>, _ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        let (addresses, address) = AsyncStream.makeStream(of: URL?.self)
        let services = ServiceGroup(configuration: .init(services: [make { address.yield($0) }], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { address.finish() }
                try await services.run()
            }
            var iterator = addresses.makeAsyncIterator()
            guard let url = await iterator.next() ?? nil else {
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                throw failure("the \(name) server did not start listening on \(host):\(port)")
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

    /// The WebSocket URL at `/ws` of a server whose HTTP base URL is `url` (PolyAI and CometChat both serve it there).
    static func webSocketURL(for url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        components.path = "/ws"
        return components.url!
    }
}
