import ParleyModel

/// A `tool_call`: the streamed call, then its result when the script gives one.
public struct ToolCallSpec: Hashable, Sendable {
    /// The call id; generated when nil.
    public var id: Template?
    /// The tool's name.
    public var name: String
    /// The arguments.
    public var args: ValueTemplate
    /// The result; nil leaves the call open (a frontend tool, or one held by an interrupt).
    public var result: ValueTemplate?
    /// Whether the client answers the call (`frontend: true`, or the tool is declared frontend).
    public var frontend: Bool

    /// Creates a tool call.
    public init(id: Template? = nil, name: String, args: ValueTemplate = .object([]), result: ValueTemplate? = nil, frontend: Bool = false)
    {
        self.id = id
        self.name = name
        self.args = args
        self.result = result
        self.frontend = frontend
    }
}

/// An `interactive` message: CometChat's interactiveData and goal.
public struct InteractiveSpec: Hashable, Sendable {
    /// The message id that answers refer to.
    public var id: Template
    /// Form, card, scheduler or custom.
    public var kind: InteractiveKind
    /// `interactiveData`, verbatim.
    public var data: ValueTemplate
    /// When the message counts as done.
    public var goal: InteractionGoal

    /// Creates an interactive message.
    public init(id: Template, kind: InteractiveKind, data: ValueTemplate, goal: InteractionGoal = InteractionGoal(kind: .none)) {
        self.id = id
        self.kind = kind
        self.data = data
        self.goal = goal
    }
}

/// A `handoff` stage.
public struct HandoffSpec: Hashable, Sendable {
    /// Where the handoff is.
    public var stage: HandoffStage
    /// The queue's name.
    public var queue: Template?
    /// The place in the queue.
    public var queuePosition: Int?
    /// The estimated wait.
    public var wait: Duration?
    /// The live agent's name.
    public var agentName: Template?
    /// Why (user_requested, no_agents_available…).
    public var reason: Template?
    /// Routing data, verbatim.
    public var route: ValueTemplate?

    /// Creates a handoff stage.
    public init(
        stage: HandoffStage, queue: Template? = nil, queuePosition: Int? = nil, wait: Duration? = nil,
        agentName: Template? = nil, reason: Template? = nil, route: ValueTemplate? = nil
    ) {
        self.stage = stage
        self.queue = queue
        self.queuePosition = queuePosition
        self.wait = wait
        self.agentName = agentName
        self.reason = reason
        self.route = route
    }
}

/// An `interrupt`: the run stops until the client resumes it.
public struct InterruptSpec: Hashable, Sendable {
    /// The interrupt id; generated when nil.
    public var id: Template?
    /// Why the run stopped (tool_call…).
    public var reason: Template?
    /// The call the interrupt holds, if any.
    public var toolCallID: Template?
    /// A question for the person who resumes it.
    public var message: Template?
    /// Data for the client deciding.
    public var payload: ValueTemplate?

    /// Creates an interrupt.
    public init(
        id: Template? = nil, reason: Template? = nil, toolCallID: Template? = nil, message: Template? = nil, payload: ValueTemplate? = nil
    ) {
        self.id = id
        self.reason = reason
        self.toolCallID = toolCallID
        self.message = message
        self.payload = payload
    }
}
