import Foundation

/// Counts how many times events are matched against patterns (or looked at by a capture): the
/// work a turn costs. Tests hand
/// one to the interpreter to hold that work linear in the number of events, without timing.
public final class EvaluationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0

    /// A counter at zero.
    public init() {}

    /// The events matched so far.
    public var count: Int { lock.withLock { total } }

    func add() {
        lock.withLock { total += 1 }
    }
}
