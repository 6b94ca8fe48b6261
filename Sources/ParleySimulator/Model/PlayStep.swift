import ParleyModel

/// One entry of a `play:` list, with where it was written.
public struct PlayStep: Hashable, Sendable {
    /// What the entry does.
    public var kind: Kind
    /// Where it was written.
    public var location: SourceLocation

    /// Creates a step.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The play events of docs/simulator.md. Strings are templates, rendered when the rule plays.
    public enum Kind: Hashable, Sendable {
        /// Starts a run.
        case runStarted
        /// Ends the run.
        case runFinished(RunOutcome)
        /// Fails the run.
        case runError(message: Template, code: Template?)
        /// Lets time pass before the next event.
        case pause(Duration)
        /// A typing indicator.
        case typing(who: Participant, started: Bool)
        /// A streamed reply.
        case reply(ReplySpec)
        /// A streamed tool call, and its result when given.
        case toolCall(ToolCallSpec)
        /// The result of an earlier call.
        case toolResult(id: Template, name: Template?, content: ValueTemplate)
        /// A card starts streaming.
        case cardStart(id: Template, executionText: Template?)
        /// A card's content.
        case card(id: Template, payload: ValueTemplate)
        /// A card is done.
        case cardEnd(id: Template)
        /// A form, card or scheduler the user can answer.
        case interactive(InteractiveSpec)
        /// An interactive message's goal is met.
        case goalCompleted(Template)
        /// A handoff stage.
        case handoff(HandoffSpec)
        /// A system message.
        case system(text: Template, level: SystemLevel)
        /// The run stops for the client's decision.
        case interrupt(InterruptSpec)
        /// The session ends.
        case sessionEnded(reason: Template?)
        /// AG-UI shared state, whole: the client replaces its state with it.
        case stateSnapshot(ValueTemplate)
        /// AG-UI shared state, changed: RFC 6902 operations, checked for shape when read.
        case stateDelta(ValueTemplate)
        /// An agent-defined event with a name, for what no other event carries.
        case custom(name: Template, value: ValueTemplate)
        /// Changes the conversation state that `state:` qualifiers test.
        case setState(String)
        /// Stores values for `${memory.key}` and `memory:` qualifiers.
        case remember([NamedValue])
        /// A resilience fault at this point.
        case fault(ScriptFault)
    }
}

/// A key and a value template: one entry of `remember`.
public struct NamedValue: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value, rendered when played.
    public var value: ValueTemplate

    /// Creates an entry.
    public init(_ key: String, _ value: ValueTemplate) {
        self.key = key
        self.value = value
    }
}

/// A resilience fault. In-process only `drop_connection` acts; the wire servers apply the rest.
public enum ScriptFault: String, Hashable, Sendable, CaseIterable {
    /// The connection ends here.
    case dropConnection = "drop_connection"
    /// The next event is sent twice.
    case duplicateNext = "duplicate_next"
    /// The next two events swap places.
    case reorderNext = "reorder_next"
    /// A frame that does not parse.
    case malformedFrame = "malformed_frame"
}
