import Foundation
import ParleyCore

/// The AG-UI `timeout` of one run: the longest the agent may stay silent, from the request until
/// its stream ends. The run's shared HTTP client has no read timeout (connectors of a run may have
/// different ones), so the session keeps its own, on the run's clock.
final class SilenceLimit: @unchecked Sendable {
    private let limit: Duration
    private let clock: any MonotonicClock
    private let lock = NSLock()
    private var heard: Duration

    /// A limit of `limit` whose silence starts now.
    init(_ limit: Duration, clock: any MonotonicClock) {
        self.limit = limit
        self.clock = clock
        heard = clock.now
    }

    /// The agent said something: the silence starts again.
    func heardNow() {
        let now = clock.now
        lock.withLock { heard = now }
    }

    /// Returns true once the agent has been silent for the limit; false when cancelled first.
    func passed() async -> Bool {
        while !Task.isCancelled {
            // Each round sleeps until the latest possible end of the silence: hearing something
            // only moves it later, so no wake-up is needed.
            let due = lock.withLock { heard } + limit
            do {
                try await clock.sleep(until: due)
            } catch {
                return false
            }
            if clock.now >= lock.withLock({ heard }) + limit { return true }
        }
        return false
    }
}
