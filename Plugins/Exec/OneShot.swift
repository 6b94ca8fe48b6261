import Foundation
import ParleyCore

/// A value that arrives once from a thread of its own (a program's exit status, the end of its
/// standard error), awaited by tasks with a deadline on the run's clock. Unlike `WakeSignal`, a
/// waiter that gives up leaves it unfired, so a later wait still waits.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var lastWaiter = 0

    /// The value, once it has arrived.
    var current: Value? { lock.withLock { value } }

    /// Sets the value and wakes every waiter; only the first call counts.
    func fire(_ value: Value) {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard self.value == nil else { return [] }
            self.value = value
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// The value, waiting for it until the clock reads `deadline` (for ever when nil); nil when the
    /// deadline came first or the task was cancelled.
    func wait(until deadline: Duration?, clock: any MonotonicClock) async -> Value? {
        if let value = current { return value }
        await withTaskGroup(of: Void.self) { group in
            if let deadline { group.addTask { try? await clock.sleep(until: deadline) } }
            group.addTask { await self.arrival() }
            await group.next()
            group.cancelAll()
        }
        return current
    }

    /// Returns once the value has arrived, or when the task is cancelled.
    private func arrival() async {
        let id = lock.withLock {
            lastWaiter += 1
            return lastWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = lock.withLock { () -> Bool in
                    if value != nil || Task.isCancelled { return true }
                    waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
