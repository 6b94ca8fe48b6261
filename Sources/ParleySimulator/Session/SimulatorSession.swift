import ParleyCore
import ParleyModel

/// One conversation with the simulator, scheduled on the run's clock: each play starts when its
/// action arrives (or when the play before it is over) and its events fall due at their offsets.
/// With `ManualClock` a whole conversation runs at once, with the timings a real run would have.
public final class SimulatorSession: AgentSession {
    private let clock: any MonotonicClock
    private let timeline: SessionTimeline
    /// Whether the script has a greeting.
    public let agentSpeaksFirst: Bool
    /// Everything happens in `next` and `perform`: the scope needs no task group.
    public var hasLoops: Bool { false }

    /// Opens a session; the greeting, if any, is due now.
    public init(engine: ScriptEngine, sessionID: String, clock: any MonotonicClock) {
        self.clock = clock
        agentSpeaksFirst = engine.hasGreeting
        timeline = SessionTimeline(engine: engine, threadID: sessionID)
        timeline.open(at: clock.now)
    }

    /// The next event, sleeping on the clock until it is due; nil once the clock reaches `deadline`.
    /// Throws a `ConnectorError` after a scripted `drop_connection`.
    ///
    /// Waiting and taking are apart so that this frame, which thousands of open conversations hold
    /// while their agents think, keeps no room for an event (issue 20).
    public func next(before deadline: Duration) async throws -> AgentEvent? {
        while true {
            let now = clock.now
            guard let wait = try timeline.wait(at: now, deadline: deadline) else { return try timeline.take(at: now) }
            try await sleep(until: wait.until, orUntil: wait.signal)
        }
    }

    /// Plays the answer to `action` after whatever is still playing.
    public func perform(_ action: UserAction) async throws {
        try timeline.perform(action, at: clock.now)
    }

    /// Ends the session; later calls to `next` return nil.
    public func close() async {
        timeline.close()
    }

    /// Sleeps until `target`, or until a new action may have made something due sooner.
    private func sleep(until target: Duration, orUntil signal: WakeSignal) async throws {
        defer { timeline.forget(signal) }
        try await clock.sleep(until: target, orUntil: signal)
    }
}
