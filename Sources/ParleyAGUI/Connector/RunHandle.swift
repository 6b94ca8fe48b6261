import Foundation

/// The task of one AG-UI run, for its silence limit to cancel: the alarm that notices the silence
/// runs outside the task, and cancelling it aborts the request still streaming.
final class RunHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var cancelled = false

    /// Keeps `task`; cancels it at once when `cancel()` came first.
    func hold(_ task: Task<Void, Never>) {
        let late = lock.withLock { () -> Bool in
            self.task = task
            return cancelled
        }
        if late { task.cancel() }
    }

    /// Cancels the run's task, now or once it is held.
    func cancel() {
        let task = lock.withLock { () -> Task<Void, Never>? in
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}
