/// Alarms on any clock: a task that sleeps until the deadline, then acts.
extension MonotonicClock {
    public func alarm(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        let sleeper = Task {
            do {
                try await sleep(until: deadline)
            } catch {
                return
            }
            if !Task.isCancelled { action() }
        }
        return ClockAlarm { sleeper.cancel() }
    }
}
