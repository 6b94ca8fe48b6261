import Foundation
import ParleyCore
import ParleyModel

/// A plugin error that prints as its text.
struct PluginFault: Error, CustomStringConvertible {
    var description: String
}

/// Records like `RecordingPlugin`, but can be slow, throw on an event or in `finish`, and notes
/// whether `finish` ran cancelled.
final class ProbePlugin: Plugin, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [PluginEvent] = []
    private var finishes: [RunSummary] = []
    private var cancelledEvents = 0
    private var finishedCancelled = false

    let name: String
    /// Throws on this event (from 1).
    let failOn: Int?
    let failInFinish: String?
    /// Sleeps this long per event, honouring cancellation as real I/O does.
    let delay: Duration?

    init(name: String, failOn: Int? = nil, failInFinish: String? = nil, delay: Duration? = nil) {
        self.name = name
        self.failOn = failOn
        self.failInFinish = failInFinish
        self.delay = delay
    }

    var events: [PluginEvent] { lock.withLock { received } }
    var summaries: [RunSummary] { lock.withLock { finishes } }
    /// Events handled while the handling task was cancelled.
    var handledCancelled: Int { lock.withLock { cancelledEvents } }
    var finishWasCancelled: Bool { lock.withLock { finishedCancelled } }

    func handle(_ event: PluginEvent) async throws {
        if let delay { try await Task.sleep(for: delay) }
        let count = lock.withLock {
            received.append(event)
            if Task.isCancelled { cancelledEvents += 1 }
            return received.count
        }
        if count == failOn { throw PluginFault(description: "disk full at event \(count)") }
    }

    func finish(_ summary: RunSummary) async throws {
        // A flush that does real I/O: it must not be cut short by a cancelled run.
        try await Task.sleep(for: .milliseconds(5))
        lock.withLock {
            finishes.append(summary)
            finishedCancelled = Task.isCancelled
        }
        if let failInFinish { throw PluginFault(description: failInFinish) }
    }
}

enum PluginEvents {
    /// `count` numbered log events.
    static func logs(_ count: Int) -> [PluginEvent] {
        (1...count).map { PluginEvent(time: .ms($0), flow: nil, kind: .log("event \($0)")) }
    }

    static let emptySummary = RunSummary(results: [], startedAt: Date(timeIntervalSince1970: 0), duration: .zero)
}
