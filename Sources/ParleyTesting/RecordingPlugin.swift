import Foundation
import ParleyCore

/// A plugin that keeps everything it receives, for tests of the runner and the host.
public final class RecordingPlugin: Plugin, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [PluginEvent] = []
    private var finished: [RunSummary] = []

    public let name: String

    /// Creates a recorder.
    public init(name: String = "recording") {
        self.name = name
    }

    /// Every event so far, in order.
    public var events: [PluginEvent] { lock.withLock { received } }

    /// The summaries `finish` received (exactly one after a run).
    public var summaries: [RunSummary] { lock.withLock { finished } }

    public func handle(_ event: PluginEvent) async throws {
        lock.withLock { received.append(event) }
    }

    public func finish(_ summary: RunSummary) async throws {
        lock.withLock { finished.append(summary) }
    }
}
