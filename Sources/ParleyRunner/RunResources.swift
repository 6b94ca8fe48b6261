import AsyncHTTPClient
import Foundation
import Logging
import ParleyHTTP

/// What the connectors and plugins of one run share, made by the composition root and closed
/// when the run is over: one HTTP client, the logger, and state that belongs to the run rather
/// than to the process (CometChat's per-user gates, say). Two runs in one process share nothing.
public final class RunResources: Sendable {
    /// The run's HTTP client; closed by `shutdown()`.
    public let httpClient: HTTPClient
    /// The logger plugins log their own trouble through.
    public let logger: Logger
    /// The logger connectors log through: quiet unless asked, as the run's own output is what
    /// the user reads and a connector's trouble shows as a failing flow's reason.
    public let connectorLogger: Logger
    private let lock = NSLock()
    nonisolated(unsafe) private var values: [String: any Sendable] = [:]

    /// Resources with a new HTTP client (`RunHTTPClient`'s configuration) on NIO's shared event loops.
    public init(logger: Logger, connectorLogger: Logger? = nil) {
        httpClient = RunHTTPClient.make()
        self.logger = logger
        self.connectorLogger = connectorLogger ?? {
            var quiet = logger
            quiet.logLevel = .critical
            return quiet
        }()
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
