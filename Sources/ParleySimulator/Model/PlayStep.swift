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
        case runStarted
        case runFinished(RunOutcome)
        case runError(message: Template, code: Template?)
        /// Lets time pass before the next event.
        case pause(Duration)
        case typing(who: Participant, started: Bool)
        case reply(ReplySpec)
        case toolCall(ToolCallSpec)
        case toolResult(id: Template, name: Template?, content: ValueTemplate)
        case cardStart(id: Template, executionText: Template?)
        case card(id: Template, payload: ValueTemplate)
        case cardEnd(id: Template)
        case interactive(InteractiveSpec)
        case goalCompleted(Template)
        case handoff(HandoffSpec)
        case system(text: Template, level: SystemLevel)
        case interrupt(InterruptSpec)
        case sessionEnded(reason: Template?)
        /// Changes the conversation state that `state:` qualifiers test.
        case setState(String)
        /// Stores values for `${memory.key}` and `memory:` qualifiers.
        case remember([NamedValue])
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
    case dropConnection = "drop_connection"
    case duplicateNext = "duplicate_next"
    case reorderNext = "reorder_next"
    case malformedFrame = "malformed_frame"
}
