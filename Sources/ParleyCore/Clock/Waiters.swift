import Foundation

/// Tasks waiting for a condition that another thread or task makes true: each waiter checks the
/// condition and parks in one step, and `resumeAll()` (called after the condition changed) wakes
/// every parked one. A cancelled waiter returns at once and leaves the others parked. One home for
/// what `Flush` and the exec plugin's `OneShot` both need; pair it with
/// `MonotonicClock.sleep(until:orUntil:)` for a deadline.
public final class Waiters: @unchecked Sendable {
    private let lock = NSLock()
    private var parked: [Int: CheckedContinuation<Void, Never>] = [:]
    private var lastID = 0

    /// No one waiting yet.
    public init() {}

    /// Returns once `isMet()` holds, or when the task is cancelled. `isMet` is read with the
    /// waiters' lock held: it must not call back into them.
    public func wait(until isMet: () -> Bool) async {
        let id = lock.withLock {
            lastID += 1
            return lastID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = lock.withLock { () -> Bool in
                    if isMet() || Task.isCancelled { return true }
                    parked[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { parked.removeValue(forKey: id) }?.resume()
        }
    }

    /// Wakes every parked waiter; call it after the condition changed.
    public func resumeAll() {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { parked = [:] }
            return Array(parked.values)
        }
        for waiter in woken { waiter.resume() }
    }
}
