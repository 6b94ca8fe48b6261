import ParleyModel

/// A load's state at one moment, for the line `parley load` prints every second.
public struct LoadProgress: Hashable, Sendable {
    /// From the load's start.
    public var elapsed: Duration
    /// Virtual users (or open-model runs) running now, and out of how many.
    public var active: Int
    public var users: Int
    /// What `active` counts: `users`, or `in flight` in the open model.
    public var activeName = "users"
    /// Finished runs, passed or failed, and the failed ones.
    public var runs: Int
    public var failed: Int
    public var dropped: Int
    /// Runs finished per second since the previous line.
    public var runsPerSecond: Double

    /// Progress as given.
    public init(elapsed: Duration, active: Int, users: Int, runs: Int, failed: Int, dropped: Int, runsPerSecond: Double) {
        self.elapsed = elapsed
        self.active = active
        self.users = users
        self.runs = runs
        self.failed = failed
        self.dropped = dropped
        self.runsPerSecond = runsPerSecond
    }

    /// `12s  users 10/10  runs 123  errors 0  8.1 runs/s`: one plain line, the same in a
    /// terminal and in a CI log.
    public var line: String {
        let seconds = Int(elapsed.inSeconds.rounded(.down))
        var line = "\(seconds)s  \(activeName) \(active)/\(users)  runs \(runs)  errors \(failed)  \(LoadSummary.number(runsPerSecond)) runs/s"
        if dropped > 0 { line += "  dropped \(dropped)" }
        return line
    }
}
