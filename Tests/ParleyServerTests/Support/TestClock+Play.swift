import ParleyTesting
import Testing

extension TestClock {
    /// Moves the clock to `deadline`, where a server's play waits for its next line, once the play
    /// is parked there; returns once the play has played what falls due then and parked again, for
    /// its line at `next`. So a test knows a line is in the history though no socket saw it.
    ///
    /// The play must be the only task on the clock: `advance` takes it off before returning, so
    /// the second wait sees it park anew, after the lines due at `deadline`.
    func play(to deadline: Duration, thenParkAt next: Duration) async throws {
        await waitForSleepers(1)
        try #require(sleepers == 1 && nextDeadline == deadline, "the play waits for its next line at \(deadline)")
        advance(to: deadline)
        await waitForSleepers(1)
        try #require(nextDeadline == next, "the play waits for its line at \(next)")
    }
}
