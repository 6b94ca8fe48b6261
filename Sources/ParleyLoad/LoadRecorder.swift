import Foundation
import ParleyCore

/// The tally the virtual users share while a load runs, and how many are running: a lock around
/// the pure `LoadTally`, so finishing runs record from any task and progress reads a snapshot.
public final class LoadRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var tally = LoadTally()
    private var running = 0

    /// Nothing recorded yet.
    public init() {}

    /// The tally so far.
    public var snapshot: LoadTally { lock.withLock { tally } }

    /// Virtual users (or open-model runs) running now.
    public var active: Int { lock.withLock { running } }

    func record(_ result: FlowResult) { lock.withLock { tally.record(result) } }
    func drop() { lock.withLock { tally.drop() } }
    func started() { lock.withLock { running += 1 } }
    func stopped() { lock.withLock { running -= 1 } }

    /// Finished runs and failed runs, without copying the histograms.
    var counts: (runs: Int, failed: Int, dropped: Int) {
        lock.withLock { (tally.runs, tally.failed, tally.dropped) }
    }
}
