import ParleyLoad
import Testing

/// The line `parley load` prints every second.
struct LoadProgressTests {
    @Test("one plain line: elapsed whole seconds, active out of all, runs, errors, runs/s; dropped only when some were")
    func line() {
        var progress = LoadProgress(elapsed: .milliseconds(12_700), active: 10, users: 10, runs: 123, failed: 2, dropped: 0, runsPerSecond: 8.14)
        #expect(progress.line == "12s  users 10/10  runs 123  errors 2  8.1 runs/s")
        progress.activeName = "in flight"
        progress.dropped = 4
        progress.runsPerSecond = 250
        #expect(progress.line == "12s  in flight 10/10  runs 123  errors 2  250 runs/s  dropped 4")
    }
}
