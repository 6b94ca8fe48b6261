/// The time source of a run, injected so tests control it (STYLE 14). Readings are durations since
/// an arbitrary start, so they subtract and compare without an instant type.
public protocol MonotonicClock: Sendable {
    /// The current reading.
    var now: Duration { get }

    /// Returns once the reading is at least `deadline`; throws `CancellationError` when cancelled.
    func sleep(until deadline: Duration) async throws

    /// Returns once the reading is at least `deadline` (never, when nil) or once `signal` fires,
    /// whichever comes first; throws `CancellationError` when cancelled. The default races a task
    /// sleeping on the clock against one waiting for the signal (`MonotonicClock+Wake.swift`); a
    /// clock that can wake a continuation at a deadline does it without tasks.
    func sleep(until deadline: Duration?, orUntil signal: WakeSignal) async throws

    /// Calls `action` once the reading reaches `deadline`, unless the returned alarm is cancelled
    /// first. The default is a task sleeping on the clock (`MonotonicClock+Alarm.swift`).
    func alarm(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> ClockAlarm
}

extension MonotonicClock {
    /// Sleeps for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}
