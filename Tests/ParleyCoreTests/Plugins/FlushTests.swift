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

    // The three below run on a TestClock, which moves only when the test says: a wait that was not
    // cut short would never end (the time limit fails it), and a loaded machine changes nothing.

    @Test("a long wait under way ends as soon as the flush begins with an earlier deadline", .timeLimit(.minutes(1)))
    func beginWakesAWait() async {
        let clock = TestClock()
        let flush = Flush(clock: clock)
        async let wake = flush.sleep(until: .seconds(60))
        await clock.waitForSleepers(1)
        flush.begin(deadline: .seconds(1))
        #expect(await wake == .pastDeadline)
        #expect(clock.now == .zero, "it did not wait the 60s, nor for the deadline")
    }

    @Test("abandon ends a wait and a bounded operation under way at once", .timeLimit(.minutes(1)))
    func abandonEndsEverything() async {
        let clock = TestClock()
        let flush = Flush(clock: clock)
        async let wake = flush.sleep(until: .seconds(60))
        async let hanging: Flush.Bounded<Bool> = flush.bound {
            (try? await clock.sleep(until: .seconds(60))) != nil
        }
        // The wait and the operation are both parked on the clock.
        await clock.waitForSleepers(2)
        flush.abandon()
        #expect(await wake == .abandoned)
        guard case .abandoned = await hanging else {
            Issue.record("the bounded operation was not abandoned")
            return
        }
        #expect(clock.now == .zero, "neither waited the 60s")
    }

    @Test("a bounded operation runs to its end while flows run, and is cut at the flush deadline", .timeLimit(.minutes(1)))
    func boundAtTheDeadline() async {
        let clock = TestClock()
        let flush = Flush(clock: clock)
        guard case .finished(let value) = await flush.bound({ 7 }) else {
            Issue.record("a quick operation should finish")
            return
        }
        #expect(value == 7)
        async let hanging: Flush.Bounded<Bool> = flush.bound {
            (try? await clock.sleep(until: .seconds(60))) != nil
        }
        await clock.waitForSleepers(1)
        flush.begin(deadline: .milliseconds(100))
        // The operation, and the bound's wait for the deadline.
        await clock.waitForSleepers(2)
        clock.advance(to: .milliseconds(100))
        guard case .deadline = await hanging else {
            Issue.record("the hanging operation was not cut at the deadline")
            return
        }
        #expect(clock.now == .milliseconds(100))
    }
}
