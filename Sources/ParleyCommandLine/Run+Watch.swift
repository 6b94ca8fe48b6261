import ArgumentParser
import ParleyCore
import ParleyLog
import ParleyRunner

extension Run {
    /// `parley run --watch`: the run, then reruns on every change until a signal. A watch is
    /// ended by Ctrl-C (or SIGTERM, SIGHUP) as its normal way to stop, like `parley monitor`, so
    /// that exits 0 whatever the last run's outcome; a run under way when it comes stops and
    /// writes its reports first, and a second signal quits at once with 128 + its number.
    func runWatching() async throws {
        let loop = WatchLoop(runner: Runner(registry: ParleyCommand.registry), request: request, clock: SystemClock()) { line in
            // The same queue as the console's, so its lines keep their place among the runs'.
            QueuedOutput.standardOutput.write(line + "\n")
        }
        let watching = Task { await loop.run() }
        let interrupts = Interrupts { watching.cancel() }
        defer { interrupts.stop() }
        let watched = await watching.value
        await QueuedOutput.standardOutput.flush()
        guard watched else { throw ExitStatus.invalidInput }
    }
}
