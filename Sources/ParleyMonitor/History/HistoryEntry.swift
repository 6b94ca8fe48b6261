import Foundation

/// One run in the history as `parley history` shows it: finished (or interrupted), or still
/// running (or left running by a monitor that is not running now).
public enum HistoryEntry: Hashable, Sendable {
    /// A run with no end recorded yet.
    case running(RunningCheck)
    /// A run that ended.
    case finished(CheckRecord)

    /// The run's id.
    public var id: String {
        switch self {
        case .running(let run): return run.id
        case .finished(let record): return record.id
        }
    }

    /// The check's name.
    public var check: String {
        switch self {
        case .running(let run): return run.check
        case .finished(let record): return record.check
        }
    }

    /// When the run started.
    public var startedAt: Date {
        switch self {
        case .running(let run): return run.startedAt
        case .finished(let record): return record.startedAt
        }
    }
}
