import Foundation
import ParleyCore
import ParleyModel

/// The session's mutable part behind one lock: the conversation, and the items scheduled on the
/// clock, in the order they are due.
final class SessionTimeline: @unchecked Sendable {
    /// What to sleep for when nothing is due: until `until`, or until `signal` fires.
    struct Wait {
        var until: Duration
        var signal: WakeSignal
    }

    private let lock = NSLock()
    private let engine: ScriptEngine
    private var state: ConversationState
    private var queue: [(due: Duration, content: TimedItem.Content)] = []
    /// When the last scheduled play is over; the next play starts no earlier.
    private var busyUntil: Duration = .zero
    private var closed = false
    private var dropped = false
    private var sleepers: [WakeSignal] = []

    static let dropMessage = "the simulator dropped the connection (scripted fault)"

    init(engine: ScriptEngine, threadID: String) {
        self.engine = engine
        state = ConversationState(threadID: threadID)
    }

    /// Schedules the greeting at `now`.
    func open(at now: Duration) {
        lock.withLock {
            let play = engine.open(&state)
            schedule(play, at: now)
        }
    }

    /// Plays the answer to `action`, after any play still running ("typing ahead").
    func perform(_ action: UserAction, at now: Duration) throws {
        let woken: [WakeSignal] = try lock.withLock { () throws -> [WakeSignal] in
            if dropped { throw ConnectorError(Self.dropMessage) }
            if closed { throw ConnectorError("the simulator session is closed") }
            let play = engine.respond(to: action, in: &state)
            schedule(play, at: max(now, busyUntil))
            defer { sleepers = [] }
            return sleepers
        }
        woken.forEach { $0.fire() }
    }

    /// How long to wait at `now` for an event (never past `deadline`), with a signal registered
    /// that a new action fires; nil when there is no need: an event is due, the session is closed
    /// or the deadline has come. Throws after a scripted `drop_connection`.
    func wait(at now: Duration, deadline: Duration) throws -> Wait? {
        try lock.withLock { () throws -> Wait? in
            if try firstDue(at: now) || closed || now >= deadline { return nil }
            let signal = WakeSignal()
            sleepers.append(signal)
            return Wait(until: min(queue.first?.due ?? deadline, deadline), signal: signal)
        }
    }

    /// The event due at `now`; nil when none is (after `wait` said there is no need: the session
    /// is closed or the deadline has come). Throws after a scripted `drop_connection`.
    func take(at now: Duration) throws -> AgentEvent? {
        try lock.withLock { () throws -> AgentEvent? in
            guard try firstDue(at: now), case .event(let event) = queue.removeFirst().content else { return nil }
            return event
        }
    }

    /// Whether an event is due at `now`, first in the queue, after the faults due before it are
    /// applied. Must hold the lock.
    private func firstDue(at now: Duration) throws -> Bool {
        while let first = queue.first, first.due <= now {
            switch first.content {
            case .event: return true
            case .fault(.dropConnection):
                dropped = true
                queue = []
            case .fault(.duplicateNext), .fault(.reorderNext), .fault(.malformedFrame), .fault(.close), .fault(.binaryFrame),
                .fault(.delayEcho), .fault(.outage):
                // Wire faults: the servers that speak a protocol apply them; in-process there is
                // no frame to duplicate, reorder, garble or close, and no echo to hold back.
                queue.removeFirst()
            }
        }
        if dropped { throw ConnectorError(Self.dropMessage) }
        return false
    }

    /// Stops tracking a sleeper that woke by itself, so a long quiet session does not pile them up.
    func forget(_ signal: WakeSignal) {
        lock.withLock { sleepers.removeAll { $0 === signal } }
    }

    /// Drops everything scheduled and wakes every sleeper.
    func close() {
        let woken = lock.withLock {
            closed = true
            queue = []
            defer { sleepers = [] }
            return sleepers
        }
        woken.forEach { $0.fire() }
    }

    /// Must hold the lock.
    private func schedule(_ play: Play, at start: Duration) {
        guard !play.items.isEmpty else { return }
        // Plays never overlap, so appending keeps the queue in due order.
        queue += play.items.map { (start + $0.offset, $0.content) }
        busyUntil = start + play.duration
    }
}
