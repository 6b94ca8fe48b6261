import Foundation
import ParleyCore

/// The AG-UI `timeout` of one run: the longest the agent may stay silent, from the request until
/// its stream ends. The run's shared HTTP client has no read timeout (connectors of a run may have
/// different ones), so the session keeps its own, on the run's clock.
///
/// It is one alarm on the clock, set once for the whole run: hearing the agent only moves the end of
/// the silence later, so the alarm is not moved; when it rings early it is set again for the new
/// end. A run that ends in time costs setting the alarm and taking it back, no task.
final class SilenceLimit: @unchecked Sendable {
    private let limit: Duration
    private let clock: any MonotonicClock
    private let onSilence: @Sendable () -> Void
    private let lock = NSLock()
    private var heard: Duration
    private var alarm: ClockAlarm?
    private var stopped = false
    private var passed = false

    /// A limit of `limit` whose silence starts now; `onSilence` runs once the agent has been silent
    /// that long, unless `stop()` came first.
    init(_ limit: Duration, clock: any MonotonicClock, onSilence: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.clock = clock
        self.onSilence = onSilence
        heard = clock.now
        arm(at: heard + limit)
    }

    /// The agent said something: the silence starts again.
    func heardNow() {
        let now = clock.now
        lock.withLock { heard = now }
    }

    /// Stops watching; true when the silence had passed first (`onSilence` has run or is running).
    func stop() -> Bool {
        let (alarm, passed) = lock.withLock { () -> (ClockAlarm?, Bool) in
            stopped = true
            defer { self.alarm = nil }
            return (self.alarm, self.passed)
        }
        alarm?.cancel()
        return passed
    }

    /// The alarm rang: the silence has passed, or the agent spoke since and the end moved on.
    private func check() {
        let now = clock.now
        let verdict = lock.withLock { () -> Verdict in
            if stopped { return .stopped }
            if now < heard + limit { return .later(heard + limit) }
            passed = true
            stopped = true
            alarm = nil
            return .silent
        }
        switch verdict {
        case .silent: onSilence()
        case .later(let end): arm(at: end)
        case .stopped: break
        }
    }

    private enum Verdict {
        case silent
        case later(Duration)
        case stopped
    }

    // The clock may run `check` at once, on this thread: never called with the lock held.
    private func arm(at deadline: Duration) {
        let set = clock.alarm(at: deadline) { [weak self] in self?.check() }
        let taken = lock.withLock { () -> Bool in
            if stopped { return true }
            alarm = set
            return false
        }
        if taken { set.cancel() }
    }
}
