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
    ///
    /// Waiting and taking are apart so that this frame, which thousands of open conversations hold
    /// while their agents think, keeps no room for an event (issue 20): `take` returns straight into
    /// the caller's.
    public func next(before deadline: Duration, clock: any MonotonicClock) async throws -> AgentEvent? {
        _ = try await wait(before: deadline, clock: clock)
        return try take()
    }

    /// Waits until there is something to take (an event or the failure), the mailbox is closed or
    /// `clock` reaches `deadline`; whether there is something to take. `next` is `wait`, then `take`.
    public func wait(before deadline: Duration, clock: any MonotonicClock) async throws -> Bool {
        while let signal = sleeper(before: deadline, clock: clock) {
            defer { lock.withLock { sleepers.removeAll { $0 === signal } } }
            try await clock.sleep(until: deadline, orUntil: signal)
        }
        return lock.withLock { !events.isEmpty || failure != nil }
    }

    /// A signal to sleep on, registered; nil when there is no need: an event or a failure is
    /// there, the mailbox is closed or the deadline has come.
    private func sleeper(before deadline: Duration, clock: any MonotonicClock) -> WakeSignal? {
        lock.withLock {
            if !events.isEmpty || failure != nil || closed || clock.now >= deadline { return nil }
            let signal = WakeSignal()
            sleepers.append(signal)
            return signal
        }
    }

    /// The first event, else the failure, else nil; without waiting.
    @inline(never)
    public func take() throws -> AgentEvent? {
        try lock.withLock { () throws -> AgentEvent? in
            if let event = events.popFirst() { return event }
            if let failure { throw failure }
            return nil
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
