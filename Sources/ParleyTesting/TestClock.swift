import Foundation
import ParleyCore

/// A clock on virtual time that only the test moves: a sleeper whose deadline has not come parks
/// until `advance` reaches it, however long the real wait. Where `ManualClock` jumps to every
/// deadline at once (right for one task), this one holds each task at its deadline, so a test
/// decides the order of things across tasks, a server's and a client's, and what a loaded machine
/// does to real time cannot change it.
///
/// `waitForSleepers(_:)` returns once that many tasks are parked: a test advances only when every
/// task it expects to wait on the clock is waiting on it.
public final class TestClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var reading: Duration
    private var parked: [Int: (deadline: Duration, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var lastID = 0
    private let changed = Waiters()

    /// A clock reading `start`.
    public init(start: Duration = .zero) {
        reading = start
    }

    public var now: Duration { lock.withLock { reading } }

    /// How many tasks are parked on the clock.
    public var sleepers: Int { lock.withLock { parked.count } }

    /// The earliest deadline a parked task waits for; nil when none is parked.
    public var nextDeadline: Duration? { lock.withLock { parked.values.map(\.deadline).min() } }

    public func sleep(until deadline: Duration) async throws {
        let id = lock.withLock {
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = lock.withLock { () -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= reading { return .success(()) }
                    parked[id] = (deadline, continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) } else { changed.resumeAll() }
            }
        } onCancel: {
            let continuation = lock.withLock { parked.removeValue(forKey: id)?.continuation }
            continuation?.resume(throwing: CancellationError())
            changed.resumeAll()
        }
    }

    /// Moves the reading forward by `duration` and wakes every sleeper whose deadline it reached.
    public func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Moves the reading to `target` (never back) and wakes every sleeper whose deadline it reached.
    public func advance(to target: Duration) {
        let due = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            reading = max(reading, target)
            let ready = parked.filter { $0.value.deadline <= reading }
            for id in ready.keys { parked.removeValue(forKey: id) }
            return ready.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
        changed.resumeAll()
    }

    /// Returns once at least `count` tasks are parked on the clock (or the task is cancelled).
    public func waitForSleepers(_ count: Int) async {
        // A wake-up means "look again": the count may have moved either way.
        while parkedCount() < count, !Task.isCancelled {
            await changed.wait { [self] in parkedCount() >= count }
        }
    }

    // Read under the waiters' lock, so it takes only the clock's own.
    private func parkedCount() -> Int {
        lock.withLock { parked.count }
    }
}
