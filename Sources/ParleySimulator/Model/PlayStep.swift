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
public enum ScriptFault: Hashable, Sendable {
    /// The connection ends here (no close frame, no clean end of a body).
    case dropConnection
    /// The next event is sent twice.
    case duplicateNext
    /// The next two events swap places.
    case reorderNext
    /// A frame that does not parse.
    case malformedFrame
    /// A WebSocket close frame with this code and reason (PolyAI): a server ending the socket on
    /// purpose, which a client handles by code (1000 ends, 4001 refetches, others reconnect).
    case close(code: Int, reason: String?)
    /// A binary WebSocket frame (PolyAI), which a text-only client must refuse.
    case binaryFrame
    /// The echo of the user message this play answers comes this much later (PolyAI), so a client
    /// that resends unconfirmed messages does; the play still follows the echo.
    case delayEcho(Duration)
    /// The server is down for this session for a while (PolyAI): the socket drops, and every socket
    /// opened to the session before the time is up drops at once, before any frame, so a client's
    /// reconnects fail until the server is back (or its reconnect cap runs out).
    case outage(Duration)

    /// The word a script writes for the fault.
    public var name: String {
        switch self {
        case .dropConnection: return "drop_connection"
        case .duplicateNext: return "duplicate_next"
        case .reorderNext: return "reorder_next"
        case .malformedFrame: return "malformed_frame"
        case .close: return "close"
        case .binaryFrame: return "binary_frame"
        case .delayEcho: return "delay_echo"
        case .outage: return "outage"
        }
    }
}
