import Foundation

/// A run the history holds as started but not finished.
public struct RunningCheck: Hashable, Sendable {
    /// The run's id (`CheckRecord.id` once it finishes).
    public var id: String
    /// The check's name.
    public var check: String
    /// When it started.
    public var startedAt: Date

    /// Creates a running check.
    public init(id: String, check: String, startedAt: Date) {
        self.id = id
        self.check = check
        self.startedAt = startedAt
    }
}
