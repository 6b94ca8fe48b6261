import Dispatch
import Foundation
@testable import ParleyCore
import Testing

/// `SystemClock`'s own "sleep until a deadline or a wake-up": a dispatch timer fires the signal,
/// no task waits beside the caller's.
@Suite("the system clock's sleep until a deadline or a wake-up")
struct SystemClockWakeTests {
    @Test("with no wake-up it returns once the clock reads the deadline, not before")
    func deadline() async throws {
        let clock = SystemClock()
        let deadline = clock.now + .milliseconds(50)
        try await clock.sleep(until: deadline, orUntil: WakeSignal())
        #expect(clock.now >= deadline)
    }

    @Test("a wake-up ends it long before a far deadline")
    func woken() async throws {
        let clock = SystemClock()
        let signal = WakeSignal()
        Task {
            try await clock.sleep(for: .milliseconds(20))
            signal.fire()
        }
        try await clock.sleep(until: clock.now + .seconds(600), orUntil: signal)
        #expect(clock.now < .seconds(60))
    }

    @Test("a cancelled wait throws CancellationError at once")
    func cancelled() async {
        let clock = SystemClock()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: clock.now + .seconds(600), orUntil: WakeSignal())
        }
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now < .seconds(60))
    }

    @Test("the timer's interval is rounded up to whole nanoseconds, never negative, and never for the far future")
    func interval() {
        #expect(SystemClock.interval(.seconds(2)) == .nanoseconds(2_000_000_000))
        #expect(SystemClock.interval(.nanoseconds(1) / 2) == .nanoseconds(1))
        #expect(SystemClock.interval(.seconds(-1)) == .nanoseconds(0))
        #expect(SystemClock.interval(.seconds(Int64.max)) == .never)
    }
}
