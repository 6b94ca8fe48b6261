import Foundation
import ParleyCore

/// A clock that never really waits: a sleeper moves the reading forward to its deadline at once.
///
/// A flow runs in one task that waits in exactly one place (`AgentSession.next(before:)`), and the
/// simulator schedules its events on the same clock, so jumping to each deadline gives exactly the
/// readings a real run would have, in no time and the same every time.
public final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var reading: Duration

    /// A clock reading `start`.
    public init(start: Duration = .zero) {
        reading = start
    }

    public var now: Duration { lock.withLock { reading } }

    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock { reading = max(reading, deadline) }
    }

    /// Moves the reading forward by `duration`.
    public func advance(by duration: Duration) {
        lock.withLock { reading += duration }
    }
}
