import Foundation
import ParleyCore

/// A clock on virtual time that only the test moves: a sleeper whose deadline has not come parks
/// until `advance` reaches it, however long the real wait. Where `ManualClock` jumps to every
/// deadline at once (right for one task), this one holds each task at its deadline, so a test
/// decides the order of things across tasks, a server's and a client's, and what a loaded machine
/// does to real time cannot change it.
///
/// `waitForSleepers(_:)` returns once that many tasks are parked: a test advances only when every
/// task it expects to wait on the clock is waiting on it. Where tasks also wait on sockets, which
/// the clock cannot see, `waitForSleeper(in:)` and `advance(toSleeperAt:)` wait for the one timer
/// the test knows comes next, so an advance never overtakes a frame still on its way.
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

    /// The deadlines parked tasks wait for, earliest first: what a test that hangs prints.
    public var deadlines: [Duration] { lock.withLock { parked.values.map(\.deadline).sorted() } }

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

    /// Returns the earliest deadline in `range` a parked task waits for, once one does; nil when
    /// the task is cancelled first. Socket I/O in flight is not waiting on the clock, so a test
    /// that counts sleepers cannot tell when a server and a client are both idle; one that knows
    /// which timer comes next (a backoff of 1s, a resend at 3s) waits for that timer instead.
    public func waitForSleeper(in range: ClosedRange<Duration>) async -> Duration? {
        while !Task.isCancelled {
            if let found = earliest(in: range) { return found }
            await changed.wait { [self] in earliest(in: range) != nil }
        }
        return nil
    }

    /// Waits for a task parked on exactly `deadline`, then moves the reading there: the one step
    /// a test on virtual time takes, never past a timer it has not seen set.
    public func advance(toSleeperAt deadline: Duration) async {
        guard await waitForSleeper(in: deadline...deadline) != nil else { return }
        advance(to: deadline)
    }

    // Read under the waiters' lock, so it takes only the clock's own.
    private func parkedCount() -> Int {
        lock.withLock { parked.count }
    }

    private func earliest(in range: ClosedRange<Duration>) -> Duration? {
        lock.withLock { parked.values.map(\.deadline).filter(range.contains).min() }
    }
}
