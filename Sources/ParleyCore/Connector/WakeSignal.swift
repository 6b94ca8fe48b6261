import Foundation

/// A one-shot signal a sleeping `next` races against its clock: a user action that schedules an
/// event earlier than the sleep's target fires it. Firing before anyone waits is remembered.
public final class WakeSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var continuation: CheckedContinuation<Void, Never>?
    private var action: (@Sendable () -> Void)?

    /// A signal not yet fired.
    public init() {}

    /// Returns once fired, or when the waiting task is cancelled.
    public func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = lock.withLock {
                    if fired { return true }
                    self.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            fire()
        }
    }

    /// Calls `action` once fired: now, on this thread, when it already has. For a clock that waits
    /// for the signal and its deadline with one continuation instead of a task for each.
    func whenFired(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            if fired { return true }
            self.action = action
            return false
        }
        if now { action() }
    }

    /// Wakes the waiter, now or when it starts waiting.
    public func fire() {
        let (waiting, action) = lock.withLock {
            fired = true
            defer {
                continuation = nil
                self.action = nil
            }
            return (continuation, self.action)
        }
        waiting?.resume()
        action?()
    }
}
