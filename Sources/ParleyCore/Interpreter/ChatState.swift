import ParleyModel

/// An interactive conversation (`parley chat`): what the agent said and offered so far, so a step
/// typed at the prompt becomes a user action checked exactly as a flow's would be (a tap against
/// the suggestions, a fill against the form, a slot against the scheduler). Pure: times are clock
/// readings given by the caller.
public struct ChatState: Sendable {
    private var conversation: Conversation
    private var staged: [String: [JSONMember]] = [:]
    private let interpolation: Interpolation

    /// What a typed step comes to.
    public enum Outcome: Hashable, Sendable {
        /// Perform this action on the session.
        case perform(UserAction)
        /// A `fill` without `submit`: its values are checked against the form and kept for the submit.
        case staged
        /// It cannot be done, and why, as a flow's step would fail.
        case refused(String)
    }

    /// A conversation opened at `now`.
    public init(openedAt now: Duration, agentSpeaksFirst: Bool, interpolation: Interpolation = Interpolation()) {
        conversation = Conversation(openedAt: now, agentSpeaksFirst: agentSpeaksFirst)
        self.interpolation = interpolation
    }

    /// The suggestions of the latest reply that offered any.
    public var suggestions: [String] { conversation.offeredSuggestions }

    /// Records what the agent sent.
    public mutating func received(_ event: AgentEvent, at now: Duration) {
        _ = conversation.record(event, at: now)
    }

    /// What the action step `kind` comes to now; a performed action opens a new turn.
    public mutating func act(_ kind: Step.Kind, at now: Duration) -> Outcome {
        var builder = ActionBuilder(conversation: conversation, interpolation: interpolation, staged: staged)
        if case .fill(let fill) = kind, fill.submit == nil {
            switch builder.stage(fill) {
            case .success:
                staged = builder.staged
                return .staged
            case .failure(let failure):
                return .refused(failure.message)
            }
        }
        switch builder.action(for: kind) {
        case .success(let action):
            staged = builder.staged
            // A typing indicator is not a message: the agent's turn goes on.
            if action != .typing { conversation.startTurn(at: now) }
            return .perform(action)
        case .failure(let failure):
            return .refused(failure.message)
        }
    }
}
