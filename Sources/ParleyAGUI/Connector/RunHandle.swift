import Foundation

/// How to abort one AG-UI run's request, for its silence limit: the alarm that notices the silence
/// rings before or after the request has started.
final class RunHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var abort: (@Sendable () -> Void)?
    private var cancelled = false

    /// Keeps `abort`; runs it at once when `cancel()` came first.
    func hold(_ abort: @escaping @Sendable () -> Void) {
        let late = lock.withLock { () -> Bool in
            self.abort = abort
            return cancelled
        }
        if late { abort() }
    }

    /// Aborts the run's request, now or once it is held.
    func cancel() {
        let abort = lock.withLock { () -> (@Sendable () -> Void)? in
            cancelled = true
            return self.abort
        }
        abort?()
    }

    /// Whether `cancel()` was called.
    var isCancelled: Bool { lock.withLock { cancelled } }
}
