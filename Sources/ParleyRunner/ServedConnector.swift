import Foundation
import ParleyCore
import ParleyModel

/// A connector whose agent Parley serves itself for the length of the run: an agent script behind a
/// real wire server on a free loopback port, so example flows (and offline development) exercise a
/// network connector with nothing else running. The server starts with the first session and
/// stops at `shutdown()`.
final class ServedConnector: Connector, @unchecked Sendable {
    typealias Serve = @Sendable (_ onListening: @escaping @Sendable (URL) async -> Void) async throws -> Void
    typealias Connect = @Sendable (URL) throws -> any Connector

    let capabilities: ConnectorCapabilities
    private let serve: Serve
    private let connect: Connect
    private let lock = NSLock()
    private var starting: Task<any Connector, any Error>?
    private var server: Task<Void, any Error>?

    /// `serve` runs the server until cancelled, calling back with its URL once listening;
    /// `connect` makes the real connector for that URL.
    init(capabilities: ConnectorCapabilities, serve: @escaping Serve, connect: @escaping Connect) {
        self.capabilities = capabilities
        self.serve = serve
        self.connect = connect
    }

    func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        try await inner().openSession(request)
    }

    /// The connector, once the server listens.
    private func inner() async throws -> any Connector {
        let task = lock.withLock { () -> Task<any Connector, any Error> in
            if let starting { return starting }
            let (urls, listening) = AsyncStream.makeStream(of: URL.self)
            let serve = serve
            server = Task {
                defer { listening.finish() }
                try await serve { listening.yield($0) }
            }
            let server = server
            let made = Task { [connect] () throws -> any Connector in
                for await url in urls { return try connect(url) }
                if let failure = await server?.result, case .failure(let error) = failure { throw ConnectorError("the served agent did not start: \(error)") }
                throw ConnectorError("the served agent did not start")
            }
            starting = made
            return made
        }
        return try await task.value
    }

    func shutdown() async {
        let (made, running) = lock.withLock { (starting, server) }
        if let connector = try? await made?.value { await connector.shutdown() }
        running?.cancel()
        _ = await running?.result
    }
}
