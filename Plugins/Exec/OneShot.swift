import Foundation
import ParleyCore

/// A value that arrives once from a thread of its own (a program's exit status, the end of its
/// standard error), awaited by tasks with a deadline on the run's clock. Unlike `WakeSignal`, a
/// waiter that gives up leaves it unfired, so a later wait still waits.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private let waiters = Waiters()

    /// The value, once it has arrived.
    var current: Value? { lock.withLock { value } }

    /// Sets the value and wakes every waiter; only the first call counts.
    func fire(_ value: Value) {
        let first = lock.withLock { () -> Bool in
            guard self.value == nil else { return false }
            self.value = value
            return true
        }
        if first { waiters.resumeAll() }
    }

    /// The value, waiting for it until the clock reads `deadline` (for ever when nil); nil when the
    /// deadline came first or the task was cancelled.
    func wait(until deadline: Duration?, clock: any MonotonicClock) async -> Value? {
        if let value = current { return value }
        try? await clock.sleep(until: deadline, orUntil: { await self.waiters.wait { self.current != nil } })
        return current
    }
}
