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

    /// Sleeps until `deadline` (never, when nil) or until `signal` fires; the deadline fires the
    /// signal too. The caller's task waits for the signal itself and one child task keeps the
    /// deadline, not the two of the general form above: this is what each of thousands of open
    /// conversations does while its agent thinks, and a task costs memory (issue 20).
    /// `SystemClock` needs no task at all.
    public func sleep(until deadline: Duration?, orUntil signal: WakeSignal) async throws {
        guard let deadline else {
            await signal.wait()
            try Task.checkCancellation()
            return
        }
        // Cancelled, and awaited, when this returns.
        async let _ = fire(signal, at: deadline)
        await signal.wait()
        try Task.checkCancellation()
    }

    private func fire(_ signal: WakeSignal, at deadline: Duration) async {
        try? await sleep(until: deadline)
        signal.fire()
    }
}
