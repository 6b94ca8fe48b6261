import DequeModule
import Foundation
import ParleyModel

/// Where a network connector's reader puts the events it decodes, and where the session's `next`
/// takes them from, waiting on the run's clock.
///
/// Events come out in the order posted. A failure is reported after every event posted before it,
/// so a flow sees what the agent said before the connection broke.
public final class EventMailbox: @unchecked Sendable {
    private let lock = NSLock()
    /// A deque: taking from the front is O(1) and nothing taken is kept.
    private var events: Deque<AgentEvent> = []
    private var failure: ConnectorError?
    private var closed = false
    private var sleepers: [WakeSignal] = []

    /// An empty mailbox.
    public init() {}

    /// Adds events for `next`.
    public func post(_ new: [AgentEvent]) {
        guard !new.isEmpty else { return }
        wake {
            guard failure == nil, !closed else { return }
            events.append(contentsOf: new)
        }
    }

    /// Reports a transport failure once the events before it are taken; the first failure wins.
    public func fail(_ error: ConnectorError) {
        wake {
            if failure == nil, !closed { failure = error }
        }
    }

    /// Ends the mailbox: `next` returns nil from now on and pending events are dropped.
    public func close() {
        wake {
            closed = true
            events = []
        }
    }

    /// The next event, or nil once `clock` reaches `deadline` with none (or the mailbox is closed).
    public func next(before deadline: Duration, clock: any MonotonicClock) async throws -> AgentEvent? {
        while true {
            let signal = WakeSignal()
            let taken: Result<AgentEvent?, ConnectorError>? = lock.withLock {
                if let event = events.popFirst() { return .success(event) }
                if let failure { return .failure(failure) }
                if closed || clock.now >= deadline { return .success(nil) }
                sleepers.append(signal)
                return nil
            }
            if let taken { return try taken.get() }
            defer { lock.withLock { sleepers.removeAll { $0 === signal } } }
            try await clock.sleep(until: deadline, orUntil: signal)
        }
    }

    /// Runs `change` under the lock, then wakes every sleeper.
    private func wake(_ change: () -> Void) {
        let woken = lock.withLock {
            change()
            defer { sleepers = [] }
            return sleepers
        }
        woken.forEach { $0.fire() }
    }
}
