import Foundation
import ParleyCore
import ParleyTesting
import Testing

/// The virtual clock the test moves: sleepers wait for `advance`, however long real time runs.
@Suite("test clock", .timeLimit(.minutes(1)))
struct TestClockTests {
    /// The readings at which each task woke, in the order they woke.
    final class Wakes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(String, Duration)] = []
        func add(_ name: String, _ at: Duration) { lock.withLock { list.append((name, at)) } }
        var names: [String] { lock.withLock { list.map(\.0) } }
        var readings: [Duration] { lock.withLock { list.map(\.1) } }
    }

    @Test("sleepers park until an advance reaches their deadline, and wake in deadline order")
    func parksUntilAdvanced() async throws {
        let clock = TestClock()
        let wakes = Wakes()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, seconds) in [("late", 5), ("early", 1), ("middle", 3)] {
                group.addTask {
                    try await clock.sleep(until: .seconds(seconds))
                    wakes.add(name, clock.now)
                }
            }
            await clock.waitForSleepers(3)
            #expect(clock.nextDeadline == .seconds(1) && wakes.names.isEmpty)
            #expect(clock.deadlines == [.seconds(1), .seconds(3), .seconds(5)])
            clock.advance(by: .seconds(2))
            // Only the due one wakes and finishes; the others still wait, whatever real time passes.
            try await group.next()
            #expect(wakes.names == ["early"] && wakes.readings == [.seconds(2)])
            #expect(clock.sleepers == 2 && clock.nextDeadline == .seconds(3))
            clock.advance(to: .seconds(10))
            try await group.waitForAll()
        }
        #expect(Set(wakes.names) == ["early", "middle", "late"])
        #expect(clock.now == .seconds(10) && clock.sleepers == 0)
    }

    @Test("a deadline already reached returns at once; the reading never goes back")
    func pastDeadline() async throws {
        let clock = TestClock(start: .seconds(4))
        try await clock.sleep(until: .seconds(4))
        try await clock.sleep(for: .zero)
        clock.advance(to: .seconds(1))
        #expect(clock.now == .seconds(4) && clock.sleepers == 0)
    }

    @Test("a cancelled sleeper throws CancellationError and leaves the clock")
    func cancellation() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(until: .seconds(60)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleepers == 0 && clock.now == .zero)
    }

    @Test("waitForSleeper(in:) waits for a deadline in its range, whatever else is parked; advance(toSleeperAt:) moves only to a parked timer")
    func waitsForAKnownTimer() async throws {
        let clock = TestClock()
        let wakes = Wakes()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await clock.sleep(until: .seconds(30))
                wakes.add("watchdog", clock.now)
            }
            await clock.waitForSleepers(1)
            // Asked before the timer it waits for is set: the watchdog alone does not answer it.
            let found = Task { await clock.waitForSleeper(in: .seconds(1) ... .seconds(2)) }
            group.addTask {
                try await clock.sleep(until: .milliseconds(1500))
                wakes.add("backoff", clock.now)
            }
            #expect(await found.value == .milliseconds(1500))
            #expect(clock.now == .zero && wakes.names.isEmpty)
            await clock.advance(toSleeperAt: .milliseconds(1500))
            try await group.next()
            #expect(wakes.names == ["backoff"] && wakes.readings == [.milliseconds(1500)])
            // Asked before its timer is set, the advance waits for it, and goes no further.
            let advanced = Task { await clock.advance(toSleeperAt: .seconds(10)) }
            group.addTask {
                try await clock.sleep(until: .seconds(10))
                wakes.add("retry", clock.now)
            }
            await advanced.value
            try await group.next()
            #expect(wakes.names == ["backoff", "retry"] && wakes.readings == [.milliseconds(1500), .seconds(10)])
            #expect(clock.now == .seconds(10) && clock.deadlines == [.seconds(30)])
            group.cancelAll()
        }
    }

    @Test("waitForSleeper(in:) gives nil when cancelled, and advance(toSleeperAt:) then leaves the reading alone")
    func cancelledWait() async {
        let clock = TestClock()
        let found = Task { await clock.waitForSleeper(in: .seconds(1) ... .seconds(2)) }
        let advanced = Task { await clock.advance(toSleeperAt: .seconds(1)) }
        found.cancel()
        advanced.cancel()
        #expect(await found.value == nil)
        await advanced.value
        #expect(clock.now == .zero)
    }
}
