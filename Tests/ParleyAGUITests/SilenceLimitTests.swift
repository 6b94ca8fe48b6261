import Foundation
@testable import ParleyAGUI
import ParleyTesting
import Testing

/// The AG-UI `timeout`, kept per request now that a run's connectors share one HTTP client.
@Suite("AG-UI silence limit")
struct SilenceLimitTests {
    @Test("an agent that says nothing passes the limit once the timeout has gone by since the request")
    func silent() async {
        let clock = ManualClock(start: .seconds(100))
        let limit = SilenceLimit(.seconds(30), clock: clock)
        #expect(await limit.passed())
        #expect(clock.now == .seconds(130))
    }

    @Test("each chunk starts the silence again")
    func heard() async {
        let clock = ManualClock()
        let limit = SilenceLimit(.seconds(30), clock: clock)
        clock.advance(by: .seconds(20))
        limit.heardNow()
        #expect(await limit.passed())
        #expect(clock.now == .seconds(50), "30 s after the last chunk, not after the request")
    }

    @Test("a cancelled watch never reports silence")
    func cancelled() async {
        let clock = ManualClock()
        let limit = SilenceLimit(.seconds(30), clock: clock)
        let watch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await limit.passed()
        }
        #expect(await watch.value == false)
    }
}
