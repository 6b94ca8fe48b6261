import Dispatch

/// The production clock: `ContinuousClock`, read as the time since this clock was made.
public struct SystemClock: MonotonicClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// A clock that reads zero now.
    public init() {
        start = clock.now
    }

    public var now: Duration { clock.now - start }

    public func sleep(until deadline: Duration) async throws {
        try await clock.sleep(until: start + deadline, tolerance: nil)
    }

    /// A dispatch timer fires the signal at the deadline, so the wait needs no task beside the
    /// caller's (each costs over a kilobyte, and thousands of conversations wait at once: issue 20).
    /// Dispatch's monotonic time never runs ahead of this clock's, and the interval is rounded up,
    /// so the timer does not fire before this clock reads `deadline`.
    public func sleep(until deadline: Duration?, orUntil signal: WakeSignal) async throws {
        guard let deadline else {
            await signal.wait()
            try Task.checkCancellation()
            return
        }
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + Self.interval(deadline - now))
        timer.setEventHandler { signal.fire() }
        timer.activate()
        await signal.wait()
        timer.cancel()
        try Task.checkCancellation()
    }

    /// `duration` in nanoseconds, rounded up (at least zero); never where dispatch's count would overflow.
    static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return .nanoseconds(0) }
        guard seconds < 9_000_000_000 else { return .never }
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int((attoseconds + 999_999_999) / 1_000_000_000))
    }
}
