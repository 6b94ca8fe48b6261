import AsyncHTTPClient
import Foundation
import ParleyCore
import ParleyHTTP
import ParleyModel

/// A connector whose agent Parley serves itself for the length of the run: an agent script behind a
/// real wire server on a free loopback port, so example flows (and offline development) exercise a
/// network connector with nothing else running. The server starts with the first session and
/// stops at `shutdown()`.
///
/// The connector reaches its server through an HTTP client of its own, shut down before the
/// server stops: a server stopping waits for its open connections, and an idle keep-alive
/// connection in the run's shared client (closed only after every connector) held `parley run
/// Flows` open for up to the client's 60 s idle timeout after its last flow, now and then.
final class ServedConnector: Connector, @unchecked Sendable {
    typealias Serve = @Sendable (_ onListening: @escaping @Sendable (URL) async -> Void) async throws -> Void
    typealias Connect = @Sendable (URL, HTTPClient) throws -> any Connector

    let capabilities: ConnectorCapabilities
    private let serve: Serve
    private let connect: Connect
    private let lock = NSLock()
    private var starting: Task<any Connector, any Error>?
    private var server: Task<Void, any Error>?
    private var client: HTTPClient?

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
            let client = RunHTTPClient.make()
            self.client = client
            let made = Task { [connect] () throws -> any Connector in
                for await url in urls { return try connect(url, client) }
                if let failure = await server?.result, case .failure(let error) = failure { throw ConnectorError("the served agent did not start: \(error)") }
                throw ConnectorError("the served agent did not start")
            }
            starting = made
            return made
        }
        return try await task.value
    }

    func shutdown() async {
        let (made, running, client) = lock.withLock { (starting, server, self.client) }
        if let connector = try? await made?.value { await connector.shutdown() }
        // Its connections closed first, so the server has none to wait for.
        try? await client?.shutdown()
        running?.cancel()
        _ = await running?.result
    }
}
