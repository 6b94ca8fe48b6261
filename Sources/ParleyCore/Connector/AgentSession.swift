import ParleyModel

/// One open conversation with an agent.
///
/// Events are pulled with a deadline rather than pushed, so the interpreter has exactly one place
/// where it waits: with a manual clock a whole flow runs in one task and never races.
public protocol AgentSession: Sendable {
    /// Whether the agent speaks first (a greeting), so the opening turn is open until `turn_ended`.
    var agentSpeaksFirst: Bool { get }

    /// The next event, or nil once the clock reaches `deadline` with none.
    /// Throws a `ConnectorError` when the transport fails; the session is then unusable.
    func next(before deadline: Duration) async throws -> AgentEvent?

    /// Performs a user action. Throws a `ConnectorError` when it cannot be delivered.
    func perform(_ action: UserAction) async throws

    /// Closes the conversation and releases its resources; safe to call twice.
    func close() async
}
