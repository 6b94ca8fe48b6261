import AsyncHTTPClient
import NIOCore

/// The one HTTP client of a run, shared by its connectors and plugins: made by the composition
/// root, which shuts it down once every connector is shut down. Connectors never shut it down.
///
/// It has no read timeout: connectors of one run may have different `timeout`s, so each request
/// sets its own (a deadline for a REST call; an idle limit on an AG-UI stream).
public enum RunHTTPClient {
    /// Connects within 10 s; up to 4096 connections per host, for thousands of concurrent
    /// conversations; a peer that is not listening is reported at once, not retried until the
    /// connect timeout; HTTP/1.1 only; bodies are not decompressed; no tracing.
    public static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 4096
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        configuration.decompression = .disabled
        // Parley bootstraps no tracer; without one the client makes no no-op span for every request.
        configuration.tracing.tracer = nil
        return configuration
    }

    /// A new client on the shared event loops; the caller shuts it down.
    public static func make() -> HTTPClient {
        HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Runs `body` with a new client and shuts the client down afterwards, when `body` throws too.
    public static func with<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: (HTTPClient) async throws -> sending Result
    ) async throws -> sending Result {
        let client = make()
        let result: Result
        do {
            result = try await body(client)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try? await client.shutdown()
        return result
    }
}
