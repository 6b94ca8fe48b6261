import ParleyModel

/// What the interpreter asks the runner to do next.
public enum InterpreterCommand: Hashable, Sendable {
    /// Perform this action on the session, then report `actionPerformed` or `transportFailed`.
    case perform(UserAction)
    /// Pull the next event before this clock reading, then report `received` or `deadlinePassed`.
    case awaitEvent(until: Duration)
    /// The flow is over.
    case finish(FlowOutcome)
}

/// Something plugins should hear about, in the order it happened.
public enum InterpreterNote: Hashable, Sendable {
    case stepStarted(StepInfo)
    case stepFinished(StepResult)
    case userAction(UserAction)
    case agentEvent(AgentEvent, offset: Duration)
    case log(String)
    /// Secret values the flow rendered; outputs must mask them from now on.
    case secrets(Set<String>)
}

/// The interpreter's answer to one input: notes for plugins, then the next command.
public struct InterpreterOutput: Hashable, Sendable {
    public var notes: [InterpreterNote]
    public var command: InterpreterCommand

    public init(notes: [InterpreterNote], command: InterpreterCommand) {
        self.notes = notes
        self.command = command
    }
}
