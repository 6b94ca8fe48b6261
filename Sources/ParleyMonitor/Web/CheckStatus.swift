import Foundation

/// What the status page knows of one check: its last runs, whether it is running now, and its
/// last failure (kept even after it leaves the last runs).
public struct CheckStatus: Hashable, Sendable {
    /// Whether a check is up, judged by its last run that says something (not an interrupted one).
    public enum State: String, Hashable, Sendable {
        /// No run has said anything yet.
        case pending
        /// The last run passed.
        case up
        /// The last run failed, erred or timed out.
        case down
    }

    /// The check's name.
    public var name: String
    /// The last runs, oldest first; transcripts are left out (only `lastFailure` keeps its own).
    public var runs: [CheckRecord]
    /// When the run under way started; nil when none is.
    public var runningSince: Date?
    /// The newest run that failed, erred or timed out, with its transcript.
    public var lastFailure: CheckRecord?

    /// Creates a status.
    public init(name: String, runs: [CheckRecord] = [], runningSince: Date? = nil, lastFailure: CheckRecord? = nil) {
        self.name = name
        self.runs = runs
        self.runningSince = runningSince
        self.lastFailure = lastFailure
    }

    /// Up, down or pending, from the newest run that counts.
    public var state: State {
        guard let last = runs.last(where: { $0.outcome.counts }) else { return .pending }
        return last.outcome.isUp ? .up : .down
    }

    /// Failed runs since the last pass (interrupted runs neither count nor reset), among the kept runs.
    public var consecutiveFailures: Int {
        var count = 0
        for run in runs.reversed() where run.outcome.counts {
            if run.outcome.isUp { break }
            count += 1
        }
        return count
    }
}
