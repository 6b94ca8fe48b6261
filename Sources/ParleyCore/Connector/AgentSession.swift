import ParleyModel

/// One open conversation with an agent, used inside the scope ``Connector/withSession(_:_:)`` opens.
///
/// Events are pulled with a deadline rather than pushed, so the interpreter has exactly one place
/// where it waits: with a manual clock a whole flow runs in one task and never races. What a
/// session does on its own (a connection and its reconnects, timers, runs) happens in `run()`,
/// which the scope runs in a task group beside the flow, so nothing outlives the scope; or, in a
/// session without loops (`hasLoops` false), in work its actions start without a task (a request
/// whose answer is read on an event loop, as the AG-UI session's), which `close()` cancels and
/// awaits, so nothing outlives the scope either.
public protocol AgentSession: Sendable {
    /// Whether the agent speaks first (a greeting), so the opening turn is open until `turn_ended`.
    var agentSpeaksFirst: Bool { get }

    /// The next event, or nil once the clock reaches `deadline` with none.
    /// Throws a `ConnectorError` when the transport fails; the session is then unusable.
    func next(before deadline: Duration) async throws -> AgentEvent?

    /// Performs a user action. Throws a `ConnectorError` when it cannot be delivered.
    func perform(_ action: UserAction) async throws

    /// The session's own loops, for as long as it is open: returns once it has closed, or when
    /// the task is cancelled (the scope cancels it right after `close()`). Nothing happens on the
    /// wire that `run()` does not own.
    func run() async

    /// Whether the session has loops for `run()` to run. False lets the scope skip the task group
    /// it runs `run()` in: thousands of loop-less sessions (the simulator's) open at once, and the
    /// group and its closure cost each conversation's task memory for its whole life (issue 20).
    var hasLoops: Bool { get }

    /// Closes the conversation and releases its resources; safe to call twice.
    func close() async
}

extension AgentSession {
    /// No loops of its own: everything happens in `next` and `perform`.
    public func run() async {}

    /// Assumed to have loops unless it says otherwise.
    public var hasLoops: Bool { true }
}
