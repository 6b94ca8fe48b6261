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
    ///
    /// The large payloads are boxed (`indirect`), so an event is about half the size: each plugin's
    /// queue holds up to thousands of them while its plugin catches up (issue 20, point 2).
    public enum Kind: Hashable, Sendable {
        /// The suite starts; the flow runs it will make (first attempts).
        case runStarted([FlowRun])
        case flowStarted
        case stepStarted(StepInfo)
        /// The flow performed a user action.
        case userAction(UserAction)
        /// The agent sent an event; `offset` is from the user action that opened its turn.
        indirect case agentEvent(AgentEvent, offset: Duration)
        indirect case stepFinished(StepResult)
        /// A `log:` step's text.
        case log(String)
        indirect case flowFinished(FlowResult)
    }
}
