/// The time source of a run, injected so tests control it (STYLE 14). Readings are durations since
/// an arbitrary start, so they subtract and compare without an instant type.
public protocol MonotonicClock: Sendable {
    /// The current reading.
    var now: Duration { get }

    /// Returns once the reading is at least `deadline`; throws `CancellationError` when cancelled.
    func sleep(until deadline: Duration) async throws
}

extension MonotonicClock {
    /// Sleeps for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}
