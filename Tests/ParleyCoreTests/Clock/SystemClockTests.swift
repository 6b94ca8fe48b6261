import Foundation
import ParleyCore
import Testing

/// The production clock's sleeps and alarms, which share one timer: on real time, so the bounds
/// are loose (a loaded machine wakes late, never early). A wait that must end another way has an
/// hour's deadline and must end within half of it: a full in-process test run has held tasks
/// back for 90 s on this machine.
@Suite("system clock")
struct SystemClockTests {
    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var readings: [Duration] = []
        func note(_ reading: Duration) { lock.withLock { readings.append(reading) } }
        var all: [Duration] { lock.withLock { readings } }
    }

    @Test("a sleep returns at its deadline, not before")
    func sleepsUntil() async throws {
        let clock = SystemClock()
        try await clock.sleep(until: .milliseconds(30))
        #expect(clock.now >= .milliseconds(30))
    }

    @Test("sleeps with different deadlines each wake at their own, whatever order they were set in")
    func manySleepers() async throws {
        let clock = SystemClock()
        let woke = Box()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for milliseconds in [60, 20, 40, 20] {
                group.addTask {
                    try await clock.sleep(until: .milliseconds(milliseconds))
                    let now = clock.now
                    #expect(now >= .milliseconds(milliseconds))
                    woke.note(now)
                }
            }
            try await group.waitForAll()
        }
        #expect(woke.all.count == 4)
    }

    @Test("a wake signal ends the wait long before its deadline")
    func signalFirst() async throws {
        let clock = SystemClock()
        let signal = WakeSignal()
        let waiter = Task { try await clock.sleep(until: .seconds(3600), orUntil: signal) }
        try await clock.sleep(for: .milliseconds(10))
        signal.fire()
        try await waiter.value
        #expect(clock.now < .seconds(1800))
    }

    @Test("with a signal that never fires, the deadline ends the wait")
    func deadlineFirst() async throws {
        let clock = SystemClock()
        try await clock.sleep(until: .milliseconds(20), orUntil: WakeSignal())
        #expect(clock.now >= .milliseconds(20))
    }

    @Test("an earlier deadline set while a later one waits still wakes on time")
    func earlierAfterLater() async throws {
        let clock = SystemClock()
        let late = Task { try await clock.sleep(until: .seconds(3600), orUntil: WakeSignal()) }
        try await clock.sleep(for: .milliseconds(5))
        let started = clock.now
        try await clock.sleep(until: started + .milliseconds(20))
        #expect(clock.now - started < .seconds(1800), "the hour's timer was moved for the 20 ms one")
        late.cancel()
        await #expect(throws: CancellationError.self) { try await late.value }
    }

    @Test("a cancelled sleep throws CancellationError at once, before or while it waits")
    func cancelled() async throws {
        let clock = SystemClock()
        let before = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await before.value }
        let during = Task { try await clock.sleep(until: .seconds(3600), orUntil: WakeSignal()) }
        try await clock.sleep(for: .milliseconds(10))
        during.cancel()
        await #expect(throws: CancellationError.self) { try await during.value }
        #expect(clock.now < .seconds(1800))
    }

    @Test("an alarm runs its action at the deadline; one cancelled in time never does")
    func alarms() async throws {
        let clock = SystemClock()
        let rang = Box()
        let done = WakeSignal()
        // A second out: `taken` must be cancelled before its deadline, and with every test group
        // at once beside a release build (load 25) this task was paused past a 10 ms deadline
        // between its two lines. `taken` comes due first, so the timer is re-armed for it and must
        // go back to `kept`.
        let kept = clock.alarm(at: .milliseconds(1200)) {
            rang.note(clock.now)
            done.fire()
        }
        let taken = clock.alarm(at: .seconds(1)) { rang.note(.zero) }
        taken.cancel()
        await done.wait()
        #expect(rang.all.count == 1)
        #expect((rang.all.first ?? .zero) >= .milliseconds(1200))
        kept.cancel()  // after it rang: nothing
        try await clock.sleep(for: .milliseconds(30))
        #expect(rang.all.count == 1, "the cancelled alarm never ran")
    }

    @Test("an alarm whose deadline has passed runs at once")
    func alarmPassed() async throws {
        let clock = SystemClock()
        try await clock.sleep(until: .milliseconds(5))
        let rang = Box()
        _ = clock.alarm(at: .milliseconds(1)) { rang.note(clock.now) }
        #expect(rang.all.count == 1)
    }
}
