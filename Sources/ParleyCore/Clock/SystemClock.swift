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
}
