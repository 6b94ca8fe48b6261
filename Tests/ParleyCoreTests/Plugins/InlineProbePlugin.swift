import Foundation
import ParleyCore
import ParleyModel

/// An `InlinePlugin` that records what it receives, notes when two calls overlap or an event
/// comes through `handle` (the queued path), and can throw on an event.
final class InlineProbePlugin: InlinePlugin, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [PluginEvent] = []
    private var inside = 0
    private var overlapped = false
    private var queuedCalls = 0
    private var finishes = 0

    let name: String
    /// Throws on this event (from 1).
    let failOn: Int?

    init(name: String = "inline", failOn: Int? = nil) {
        self.name = name
        self.failOn = failOn
    }

    var events: [PluginEvent] { lock.withLock { received } }
    /// Whether two `receive` calls ever ran at once.
    var sawOverlap: Bool { lock.withLock { overlapped } }
    /// Events that came through `handle` instead of `receive`.
    var handled: Int { lock.withLock { queuedCalls } }
    var finished: Int { lock.withLock { finishes } }

    func receive(_ event: PluginEvent) throws {
        lock.withLock {
            inside += 1
            if inside > 1 { overlapped = true }
        }
        // Long enough for a second caller to arrive, were the host to let it in.
        usleep(20)
        let count = lock.withLock {
            received.append(event)
            inside -= 1
            return received.count
        }
        if count == failOn { throw PluginFault(description: "cannot format event \(count)") }
    }

    func handle(_ event: PluginEvent) async throws {
        lock.withLock { queuedCalls += 1 }
        try receive(event)
    }

    func finish(_ summary: RunSummary) async throws {
        lock.withLock { finishes += 1 }
    }
}
