/// The wait every deadline an input may move shares (mailboxes, timers, the simulator's
/// timeline, a flush): sleep until the deadline, or wake early to look again.
extension MonotonicClock {
    /// Returns once the reading is at least `deadline` (never, when nil) or once `wake` returns,
    /// whichever comes first; the caller reads the clock to tell which. When the task is cancelled
    /// it returns or throws `CancellationError`, so callers check `Task.isCancelled` too.
    public func sleep(until deadline: Duration?, orUntil wake: @escaping @Sendable () async -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            if let deadline { group.addTask { try await self.sleep(until: deadline) } }
            group.addTask { await wake() }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Sleeps until `deadline` (never, when nil) or until `signal` fires: the race above, for
    /// clocks (the tests') whose sleepers must be tasks parked on them.
    public func sleep(until deadline: Duration?, orUntil signal: WakeSignal) async throws {
        try await sleep(until: deadline, orUntil: { await signal.wait() })
    }
}
