/// The production clock: `ContinuousClock`, read as the time since this clock was made. Its sleeps
/// and alarms share one timer (`SharedTimer`), so a wait that ends early costs no timer of its own.
public struct SystemClock: MonotonicClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let timer: SharedTimer

    /// A clock that reads zero now.
    public init() {
        let clock = ContinuousClock()
        let start = clock.now
        self.start = start
        timer = SharedTimer(reading: { clock.now - start })
    }

    public var now: Duration { clock.now - start }

    public func sleep(until deadline: Duration) async throws {
        try await timer.sleep(until: deadline, orUntil: nil)
    }

    public func sleep(until deadline: Duration?, orUntil signal: WakeSignal) async throws {
        try await timer.sleep(until: deadline, orUntil: signal)
    }

    public func alarm(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        guard let id = timer.add(deadline, action) else { return ClockAlarm {} }
        return ClockAlarm { [timer] in timer.cancel(id) }
    }
}
