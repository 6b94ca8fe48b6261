import AsyncHTTPClient
import Foundation
import Logging

/// What the connectors and plugins of one run share, made by the composition root and closed
/// when the run is over: one HTTP client, the logger, and state that belongs to the run rather
/// than to the process (CometChat's per-user gates, say). Two runs in one process share nothing.
public final class RunResources: Sendable {
    /// The run's HTTP client; closed by `shutdown()`.
    public let httpClient: HTTPClient
    /// The logger libraries log through.
    public let logger: Logger
    private let lock = NSLock()
    nonisolated(unsafe) private var values: [String: any Sendable] = [:]

    /// Resources with a new HTTP client on NIO's shared event loops.
    public init(logger: Logger) {
        httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        self.logger = logger
    }

    /// The run's value under `key`, made by `make` the first time it is asked for: state the
    /// connectors of one run share (and the next run does not).
    public func shared<Value: Sendable>(_ key: String, as type: Value.Type = Value.self, make: () -> Value) -> Value {
        lock.withLock {
            if let value = values[key] as? Value { return value }
            let made = make()
            values[key] = made
            return made
        }
    }

    /// Closes the HTTP client; call once, after every connector and plugin is done.
    public func shutdown() async {
        try? await httpClient.shutdown()
    }
}
