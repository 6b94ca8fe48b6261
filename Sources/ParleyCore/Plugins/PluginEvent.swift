import ParleyModel

/// One thing that happened in a run (STYLE 3: one event struct, add fields, never parameters).
public struct PluginEvent: Hashable, Sendable {
    /// When it happened, from the suite's start.
    public var time: Duration
    /// The flow run it belongs to; nil for suite-level events.
    public var flow: FlowRun?
    public var kind: Kind

    /// Creates an event.
    public init(time: Duration, flow: FlowRun?, kind: Kind) {
        self.time = time
        self.flow = flow
        self.kind = kind
    }

    /// What happened. New cases are added over time: a plugin outside this repository switches
    /// with `@unknown default:` (see `Plugin`).
    public enum Kind: Hashable, Sendable {
        /// The suite starts; the flow runs it will make (first attempts).
        case runStarted([FlowRun])
        case flowStarted
        case stepStarted(StepInfo)
        /// The flow performed a user action.
        case userAction(UserAction)
        /// The agent sent an event; `offset` is from the user action that opened its turn.
        case agentEvent(AgentEvent, offset: Duration)
        case stepFinished(StepResult)
        /// A `log:` step's text.
        case log(String)
        case flowFinished(FlowResult)
    }
}
