/// The time source of a run, injected so tests control it (STYLE 14). Readings are durations since
/// an arbitrary start, so they subtract and compare without an instant type.
public protocol MonotonicClock: Sendable {
    /// The current reading.
    var now: Duration { get }

    /// Returns once the reading is at least `deadline`; throws `CancellationError` when cancelled.
    func sleep(until deadline: Duration) async throws

    /// Returns once the reading is at least `deadline` (never, when nil) or once `signal` fires,
    /// whichever comes first; the deadline fires the signal. Cancelled, it returns at once and
    /// throws `CancellationError`. A clock may do it more cheaply than the general form (the one in
    /// `MonotonicClock+Wake`): it is what every open conversation does while its agent thinks.
    func sleep(until deadline: Duration?, orUntil signal: WakeSignal) async throws
}

extension MonotonicClock {
    /// Sleeps for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}
