/// One thing the agent side did, normalized across protocols (DESIGN section 2).
public enum AgentEvent: Hashable, Sendable {
    case runStarted(runID: String?, threadID: String?)
    case runFinished(runID: String?, outcome: RunOutcome)
    case runError(message: String, code: String?)
    case textStart(messageID: String)
    case textDelta(messageID: String, delta: String)
    case textEnd(messageID: String)
    /// A complete message, assembled from its streamed parts or delivered whole.
    case reply(Reply)
    case toolCallStart(id: String, name: String)
    case toolCallArgs(id: String, delta: String)
    case toolCallEnd(id: String)
    /// A complete tool call with its arguments parsed as JSON.
    case toolCall(ToolCall)
    case toolResult(id: String, name: String?, content: JSONValue)
    case cardStart(id: String, executionText: String?)
    case card(id: String, payload: JSONValue)
    case cardEnd(id: String)
    case interactive(InteractiveMessage)
    case goalCompleted(messageID: String, source: GoalSource = .server)
    /// A persisted agentic message (CometChat), after the run's streamed events.
    case agenticMessage(AgenticMessage)
    /// What a pressed button's action did (an API call, a URL navigation).
    case action(PerformedAction)
    case typing(who: Participant, isTyping: Bool)
    case handoff(Handoff)
    case system(text: String, level: SystemLevel)
    case sessionEnded(reason: String?)
    case delivery(draftID: String, state: DeliveryState)
    case connection(ConnectionState)
    case custom(name: String, value: JSONValue)
    case stateSnapshot(JSONValue)
    case stateDelta(JSONValue)
    case interrupt(id: String?, reason: String?, payload: JSONValue)
    /// Protocol traffic Parley keeps for transcripts but has no event for.
    case raw(JSONValue)
    /// A frame the protocol's own SDK would ignore (not JSON, no type, an unknown type, a binary
    /// frame, an event without its ids): kept, instead of failing the flow, so a flow can
    /// `expect_no` it. `message` says what was wrong; `frame` is the frame's text, cut short.
    case protocolWarning(message: String, frame: String?)
    /// The connector's word that the agent is done with this turn.
    case turnEnded
}

/// How a run finished.
public enum RunOutcome: String, Hashable, Sendable, CaseIterable {
    case success, interrupt
}

/// Who is on the other side of a message or typing indicator.
public enum Participant: String, Hashable, Sendable, CaseIterable {
    case agent, live, user
}

/// A complete message from the agent or a live agent.
public struct Reply: Hashable, Sendable {
    public var messageID: String
    public var text: String
    public var from: Participant
    public var agentName: String?
    public var suggestions: [String]
    public var attachments: [JSONValue]
    public var callActions: [JSONValue]
    public var elements: JSONValue?

    /// Creates a reply.
    public init(
        messageID: String, text: String, from: Participant = .agent, agentName: String? = nil, suggestions: [String] = [],
        attachments: [JSONValue] = [], callActions: [JSONValue] = [], elements: JSONValue? = nil
    ) {
        self.messageID = messageID
        self.text = text
        self.from = from
        self.agentName = agentName
        self.suggestions = suggestions
        self.attachments = attachments
        self.callActions = callActions
        self.elements = elements
    }
}

/// A complete tool call.
public struct ToolCall: Hashable, Sendable {
    public var id: String
    public var name: String
    public var args: JSONValue
    /// The tool's name for people, where the protocol has one (CometChat's dashboard "Display Name").
    public var displayName: String?
    /// The label shown while the tool runs (CometChat's "Execution Text").
    public var executionText: String?

    /// Creates a tool call.
    public init(id: String, name: String, args: JSONValue, displayName: String? = nil, executionText: String? = nil) {
        self.id = id
        self.name = name
        self.args = args
        self.displayName = displayName
        self.executionText = executionText
    }
}

/// A form, card or scheduler message the user can act on.
public struct InteractiveMessage: Hashable, Sendable {
    public var id: String
    public var kind: InteractiveKind
    public var data: JSONValue
    public var goal: InteractionGoal
    /// Who sent it (a uid), when the protocol says.
    public var sender: String?
    /// The uid or guid it was sent to.
    public var receiver: String?
    /// `user` or `group`.
    public var receiverType: String?
    /// Whether its sender may interact with it too.
    public var allowSenderInteraction: Bool
    /// The interactions recorded on it so far.
    public var interactions: [Interaction]

    /// Creates an interactive message.
    public init(
        id: String, kind: InteractiveKind, data: JSONValue, goal: InteractionGoal = InteractionGoal(kind: .none), sender: String? = nil,
        receiver: String? = nil, receiverType: String? = nil, allowSenderInteraction: Bool = false, interactions: [Interaction] = []
    ) {
        self.id = id
        self.kind = kind
        self.data = data
        self.goal = goal
        self.sender = sender
        self.receiver = receiver
        self.receiverType = receiverType
        self.allowSenderInteraction = allowSenderInteraction
        self.interactions = interactions
    }
}

/// The kinds of interactive message (CometChat's types).
public enum InteractiveKind: String, Hashable, Sendable, CaseIterable {
    case form, card, scheduler, custom
}

/// When an interactive message counts as done.
public struct InteractionGoal: Hashable, Sendable {
    public var kind: Kind
    /// The elements the goal is about (anyOf, allOf).
    public var elementIDs: [String]

    /// Creates a goal.
    public init(kind: Kind, elementIDs: [String] = []) {
        self.kind = kind
        self.elementIDs = elementIDs
    }

    /// CometChat's goal types.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case anyAction, anyOf, allOf, none
    }
}

/// One step of a handoff to a live agent.
public struct Handoff: Hashable, Sendable {
    public var stage: HandoffStage
    public var queuePosition: Int?
    public var wait: Duration?
    public var queue: String?
    public var agentName: String?
    public var reason: String?
    public var route: JSONValue?

    /// Creates a handoff event.
    public init(
        stage: HandoffStage, queuePosition: Int? = nil, wait: Duration? = nil, queue: String? = nil, agentName: String? = nil,
        reason: String? = nil, route: JSONValue? = nil
    ) {
        self.stage = stage
        self.queuePosition = queuePosition
        self.wait = wait
        self.queue = queue
        self.agentName = agentName
        self.reason = reason
        self.route = route
    }
}

/// A system message's level.
public enum SystemLevel: String, Hashable, Sendable, CaseIterable {
    case info, warning, error
}

/// Where a user message is on its way to the agent.
public enum DeliveryState: String, Hashable, Sendable, CaseIterable {
    case pending, sent, failed
}

/// The connection to the agent.
public enum ConnectionState: Hashable, Sendable {
    case connecting, open
    case reconnecting(attempt: Int)
    case failed(reason: String)
    case closed
}
