import Foundation
import ParleyCore
import ParleyTesting
import Testing

/// The one "sleep until a deadline or a wake-up" every mailbox, timer, timeline and flush uses.
@Suite("sleep until a deadline or a wake-up")
struct DeadlineOrWakeTests {
    @Test("with no wake-up it sleeps until the deadline")
    func deadline() async throws {
        let clock = ManualClock(start: .seconds(1))
        try await clock.sleep(until: .seconds(5), orUntil: WakeSignal())
        #expect(clock.now == .seconds(5))
    }

    @Test("a wake-up fired before the wait ends it at once, the clock untouched")
    func firedBefore() async throws {
        let clock = ManualClock(start: .seconds(1))
        let signal = WakeSignal()
        signal.fire()
        try await clock.sleep(until: nil, orUntil: signal)
        #expect(clock.now == .seconds(1))
    }

    @Test("with no deadline it waits for the wake-up, however late it comes")
    func wokenLater() async throws {
        let clock = ManualClock()
        let started = WakeSignal()
        let wake = WakeSignal()
        let waiter = Task {
            try await clock.sleep(until: nil, orUntil: {
                started.fire()
                await wake.wait()
            })
        }
        await started.wait()
        clock.advance(by: .seconds(3600))
        wake.fire()
        try await waiter.value
        #expect(clock.now == .seconds(3600), "no deadline: only the test moved the clock")
    }

    @Test("a cancelled wait returns or throws CancellationError, and never sleeps")
    func cancelled() async {
        let clock = ManualClock()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: .seconds(60), orUntil: WakeSignal())
        }
        let result = await waiter.result
        if case .failure(let error) = result { #expect(error is CancellationError) }
        #expect(clock.now == .zero)
    }
}
