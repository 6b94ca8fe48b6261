import Foundation
@testable import ParleyAGUI
import ParleyCore
import ParleyTesting
import Testing

/// The AG-UI `timeout`, kept per request now that a run's connectors share one HTTP client: one
/// alarm per run, set again only when it rings after the agent spoke.
@Suite("AG-UI silence limit")
struct SilenceLimitTests {
    final class Readings: @unchecked Sendable {
        let lock = NSLock()
        var silentAt: [Duration] = []
        func note(_ reading: Duration) { lock.withLock { silentAt.append(reading) } }
        var all: [Duration] { lock.withLock { silentAt } }
    }

    @Test("an agent that says nothing passes the limit once the timeout has gone by since the request")
    func silent() async {
        let clock = TestClock(start: .seconds(100))
        let readings = Readings()
        let told = WakeSignal()
        let limit = SilenceLimit(.seconds(30), clock: clock) {
            readings.note(clock.now)
            told.fire()
        }
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == .seconds(130))
        clock.advance(to: .seconds(130))
        await told.wait()
        #expect(readings.all == [.seconds(130)])
        #expect(limit.stop(), "stopped after the silence passed: the run reports it")
    }

    @Test("each chunk starts the silence again: the alarm rings early once and is set for the new end")
    func heard() async {
        let clock = TestClock()
        let readings = Readings()
        let told = WakeSignal()
        let limit = SilenceLimit(.seconds(30), clock: clock) {
            readings.note(clock.now)
            told.fire()
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(20))
        limit.heardNow()
        clock.advance(to: .seconds(30))
        // The alarm rang at 30 s, found the agent heard at 20 s, and is set again for 50 s.
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == .seconds(50), "30 s after the last chunk, not after the request")
        #expect(readings.all.isEmpty)
        clock.advance(to: .seconds(50))
        await told.wait()
        #expect(readings.all == [.seconds(50)])
        #expect(limit.stop())
    }

    @Test("a limit stopped before the silence passes never reports it, and takes its alarm back")
    func stopped() async {
        let clock = TestClock()
        let readings = Readings()
        let limit = SilenceLimit(.seconds(30), clock: clock) { readings.note(clock.now) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        #expect(limit.stop() == false)
        // The alarm's sleeping task is cancelled: it leaves the clock.
        while clock.sleepers > 0 { await Task.yield() }
        clock.advance(by: .seconds(60))
        #expect(readings.all.isEmpty)
    }

    @Test("on the system clock too: a short limit passes, and a stopped one stays quiet")
    func systemClock() async throws {
        let clock = SystemClock()
        let readings = Readings()
        let told = WakeSignal()
        // Long enough that no loaded machine passes it between these two lines (a 10 ms one did,
        // at load 17); the test sleeps past it at the end.
        let quietUntil = clock.now + .milliseconds(300)
        let quiet = SilenceLimit(.milliseconds(300), clock: clock) { readings.note(.zero) }
        #expect(quiet.stop() == false)
        let limit = SilenceLimit(.milliseconds(20), clock: clock) {
            readings.note(clock.now)
            told.fire()
        }
        await told.wait()
        #expect(readings.all.count == 1)
        #expect((readings.all.first ?? .zero) >= .milliseconds(20))
        #expect(limit.stop())
        try await clock.sleep(until: max(clock.now + .milliseconds(20), quietUntil + .milliseconds(20)))
        #expect(readings.all.count == 1, "the stopped limits never reported")
    }
}
