import Dispatch
import Foundation

/// One dispatch timer for every deadline of a `SystemClock`: sleeps and alarms register their
/// deadline in an `AlarmSchedule` and the timer is moved only when a new deadline comes before the
/// armed one. A sleep that ends another way (a mailbox answered, a run's silence limit not reached)
/// then costs a lock and a heap entry, where a sleeping task per wait cost a timer of its own and
/// wake-ups of Dispatch's timer thread, set up and cancelled on every turn.
final class SharedTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var schedule = AlarmSchedule<@Sendable () -> Void>()
    /// Made on first use: a clock nobody sleeps on holds no timer.
    private var source: (any DispatchSourceTimer)?
    private let read: @Sendable () -> Duration

    /// A timer for the clock that `read` reads.
    init(reading read: @escaping @Sendable () -> Duration) {
        self.read = read
    }

    deinit {
        source?.cancel()
    }

    /// Calls `action` once the reading reaches `deadline` (at once, on this thread, when it has),
    /// unless `cancel(_:)` with the returned id comes first; nil when it ran at once.
    func add(_ deadline: Duration, _ action: @escaping @Sendable () -> Void) -> Int? {
        let id: Int? = lock.withLock {
            if deadline <= read() { return nil }
            let (id, timer) = schedule.add(deadline, action)
            apply(timer)
            return id
        }
        if id == nil { action() }
        return id
    }

    /// Takes back the deadline `id`; true when it had not rung yet (its action will not run).
    @discardableResult
    func cancel(_ id: Int) -> Bool {
        lock.withLock { schedule.remove(id) } != nil
    }

    /// Sleeps until `deadline` (never, when nil) or until `signal` fires, whichever is first, with
    /// one continuation and no task of its own. Throws `CancellationError` when cancelled.
    func sleep(until deadline: Duration?, orUntil signal: WakeSignal?) async throws {
        let wake = OneWake()
        var id: Int?
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                wake.park(continuation)
                if Task.isCancelled { return wake.resume() }
                if let deadline { id = add(deadline) { wake.resume() } }
                signal?.whenFired { wake.resume() }
            }
        } onCancel: {
            wake.resume()
        }
        if let id { cancel(id) }
        try Task.checkCancellation()
    }

    // Under the lock, so two threads cannot arm in the wrong order.
    private func apply(_ timer: AlarmSchedule<@Sendable () -> Void>.Timer) {
        guard case .arm(let deadline) = timer else { return }
        let source = self.source ?? makeSource()
        let wait = max(deadline - read(), .zero)
        let (seconds, attoseconds) = wait.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow, nanoseconds.partialValue < Int64(Int.max) - 1_000_000_000 else {
            return source.schedule(deadline: .distantFuture)
        }
        source.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000)))
    }

    private func makeSource() -> any DispatchSourceTimer {
        let made = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "parley.clock.timer"))
        made.setEventHandler { [weak self] in self?.ring() }
        made.activate()
        source = made
        return made
    }

    private func ring() {
        let due = lock.withLock { () -> [@Sendable () -> Void] in
            let (due, timer) = schedule.ring(now: read())
            apply(timer)
            return due
        }
        for action in due { action() }
    }
}

/// A continuation resumed by whichever comes first of several wake-ups; later ones do nothing.
private final class OneWake: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var woken = false

    func park(_ continuation: CheckedContinuation<Void, Never>) {
        let now = lock.withLock { () -> Bool in
            if woken { return true }
            self.continuation = continuation
            return false
        }
        if now { continuation.resume() }
    }

    func resume() {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            woken = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }
}
