import Foundation

/// The end of a run as a plugin's background deliveries see it: no deadline while flows run; when
/// the run ends the flush begins, with a deadline on the plugin's clock; Ctrl-C abandons it.
///
/// Deliveries wait through it, so a retry whose wait would pass the deadline is not waited for,
/// and an attempt under way stops at the deadline, or at once when the flush is abandoned.
public final class Flush: @unchecked Sendable {
    /// Where the run is.
    public enum State: Hashable, Sendable {
        /// Flows are running: deliveries take the time they need.
        case running
        /// The run is over: deliveries have until `deadline`, a reading of the clock.
        case flushing(deadline: Duration)
        /// Ctrl-C: nothing more is waited for.
        case abandoned
    }

    /// How a wait ended.
    public enum Wake: Hashable, Sendable {
        /// The time came.
        case due
        /// The flush deadline comes before it: not waited for.
        case pastDeadline
        case abandoned
    }

    /// How a bounded operation ended.
    public enum Bounded<Value: Sendable>: Sendable {
        case finished(Value)
        /// Cut short by the flush deadline.
        case deadline
        /// Cut short by Ctrl-C.
        case abandoned
    }

    /// The clock the deadline is a reading of.
    public let clock: any MonotonicClock
    private let lock = NSLock()
    private var current = State.running
    private let waiters = Waiters()

    /// A flush for a run that has not ended.
    public init(clock: any MonotonicClock) {
        self.clock = clock
    }

    /// The current state.
    public var state: State { lock.withLock { current } }

    /// The run ended: deliveries have until `deadline`. Only the first call counts; none after `abandon`.
    public func begin(deadline: Duration) {
        move { state in
            guard case .running = state else { return nil }
            return .flushing(deadline: deadline)
        }
    }

    /// Ctrl-C: every wait and bounded operation ends at once, and none waits after it.
    public func abandon() {
        move { state in state == .abandoned ? nil : .abandoned }
    }

    /// Waits until the clock reads `wake`, unless the flush deadline comes first (then at once
    /// `.pastDeadline`, without waiting) or the flush is abandoned, or the task is cancelled.
    public func sleep(until wake: Duration) async -> Wake {
        while true {
            if Task.isCancelled { return .abandoned }
            let seen = state
            switch seen {
            case .abandoned: return .abandoned
            case .flushing(let deadline) where wake >= deadline: return .pastDeadline
            case .running, .flushing: break
            }
            if clock.now >= wake { return .due }
            await wait(until: wake, from: seen)
        }
    }

    /// Runs `operation` until it ends, the flush deadline passes or the flush is abandoned; in
    /// the last two cases the operation is cancelled and its result dropped.
    public func bound<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) async -> Bounded<Value> {
        await withTaskGroup(of: Bounded<Value>?.self) { group in
            group.addTask { .finished(await operation()) }
            group.addTask { await self.stop() }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .abandoned
        }
    }

    /// Returns when the deadline passes or the flush is abandoned; nil when cancelled first.
    private func stop<Value: Sendable>() async -> Bounded<Value>? {
        while !Task.isCancelled {
            let seen = state
            switch seen {
            case .abandoned:
                return .abandoned
            case .flushing(let deadline):
                if clock.now >= deadline { return .deadline }
                await wait(until: deadline, from: seen)
            case .running:
                await wait(until: nil, from: seen)
            }
        }
        return nil
    }

    /// Waits until the clock reads `wake` (forever when nil) or the state is no longer `seen`.
    private func wait(until wake: Duration?, from seen: State) async {
        try? await clock.sleep(until: wake, orUntil: { await self.change(from: seen) })
    }

    /// Returns once the state is no longer `seen`, or when the task is cancelled.
    private func change(from seen: State) async {
        await waiters.wait { self.state != seen }
    }

    private func move(_ next: (State) -> State?) {
        let moved = lock.withLock { () -> Bool in
            guard let state = next(current) else { return false }
            current = state
            return true
        }
        if moved { waiters.resumeAll() }
    }
}
