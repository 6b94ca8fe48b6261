import Foundation
import ParleyCore
import ParleyTesting
import Testing

/// The end of a run as deliveries see it: waits past the deadline are not made, Ctrl-C ends every wait.
@Suite("flush")
struct FlushTests {
    @Test("while flows run a wait takes its time; once the flush begins a wait that reaches the deadline is not made")
    func sleepAgainstTheDeadline() async {
        let clock = ManualClock()
        let flush = Flush(clock: clock)
        #expect(await flush.sleep(until: .seconds(60)) == .due)
        #expect(clock.now == .seconds(60))
        flush.begin(deadline: .seconds(70))
        #expect(await flush.sleep(until: .seconds(65)) == .due)
        #expect(await flush.sleep(until: .seconds(130)) == .pastDeadline)
        #expect(clock.now == .seconds(65), "a wait past the deadline is not waited for at all")
    }

    @Test("only the first begin counts, and none after abandon")
    func beginOnce() {
        let flush = Flush(clock: ManualClock())
        flush.begin(deadline: .seconds(5))
        flush.begin(deadline: .seconds(50))
        #expect(flush.state == .flushing(deadline: .seconds(5)))
        flush.abandon()
        flush.begin(deadline: .seconds(50))
        #expect(flush.state == .abandoned)
    }

    @Test("a long wait under way ends as soon as the flush begins with an earlier deadline")
    func beginWakesAWait() async {
        let flush = Flush(clock: SystemClock())
        let started = ContinuousClock.now
        async let wake = flush.sleep(until: flush.clock.now + .seconds(60))
        try? await Task.sleep(for: .milliseconds(50))
        flush.begin(deadline: flush.clock.now + .seconds(1))
        #expect(await wake == .pastDeadline)
        #expect(ContinuousClock.now - started < .seconds(30), "it did not wait the 60s")
    }

    @Test("abandon ends a wait and a bounded operation under way at once")
    func abandonEndsEverything() async {
        let flush = Flush(clock: SystemClock())
        let started = ContinuousClock.now
        async let wake = flush.sleep(until: flush.clock.now + .seconds(60))
        async let hanging: Flush.Bounded<Bool> = flush.bound {
            (try? await Task.sleep(for: .seconds(60))) != nil
        }
        try? await Task.sleep(for: .milliseconds(50))
        flush.abandon()
        #expect(await wake == .abandoned)
        guard case .abandoned = await hanging else {
            Issue.record("the bounded operation was not abandoned")
            return
        }
        #expect(ContinuousClock.now - started < .seconds(30), "neither waited the 60s")
    }

    @Test("a bounded operation runs to its end while flows run, and is cut at the flush deadline")
    func boundAtTheDeadline() async {
        let flush = Flush(clock: SystemClock())
        guard case .finished(let value) = await flush.bound({ 7 }) else {
            Issue.record("a quick operation should finish")
            return
        }
        #expect(value == 7)
        let started = ContinuousClock.now
        async let hanging: Flush.Bounded<Bool> = flush.bound {
            (try? await Task.sleep(for: .seconds(60))) != nil
        }
        try? await Task.sleep(for: .milliseconds(20))
        flush.begin(deadline: flush.clock.now + .milliseconds(100))
        guard case .deadline = await hanging else {
            Issue.record("the hanging operation was not cut at the deadline")
            return
        }
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
