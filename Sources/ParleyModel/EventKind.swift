/// Every event an expectation can name: the normalized conversation of DESIGN section 2.
public enum EventKind: String, Hashable, Sendable, CaseIterable {
    case runStarted = "run_started"
    case runFinished = "run_finished"
    case runError = "run_error"
    case textStart = "text_start"
    case textDelta = "text_delta"
    case textEnd = "text_end"
    case reply
    case toolCallStart = "tool_call_start"
    case toolCallArgs = "tool_call_args"
    case toolCallEnd = "tool_call_end"
    case toolCall = "tool_call"
    case toolResult = "tool_result"
    case cardStart = "card_start"
    case card
    case cardEnd = "card_end"
    case interactive
    case form
    case interactiveCard = "interactive_card"
    case scheduler
    case goalCompleted = "goal_completed"
    case agenticMessage = "agentic_message"
    case assistantMessage = "assistant_message"
    case toolArgumentsMessage = "tool_arguments_message"
    case toolResultMessage = "tool_result_message"
    case action
    case typing
    case handoff
    case system
    case sessionEnded = "session_ended"
    case delivery
    case connection
    case custom
    case stateSnapshot = "state_snapshot"
    case stateDelta = "state_delta"
    case interrupt
    case protocolWarning = "protocol_warning"
    case turnEnded = "turn_ended"

    /// What the event is, for editors and `parley schema`.
    public var summary: String {
        switch self {
        case .runStarted: return "A run of the agent began."
        case .runFinished: return "A run ended, done or stopped at an interrupt."
        case .runError: return "A run failed with an error."
        case .textStart: return "A streamed message began."
        case .textDelta: return "A chunk of a streamed message."
        case .textEnd: return "A streamed message ended."
        case .reply: return "A complete message from the agent or a live agent, assembled from its chunks or delivered whole."
        case .toolCallStart: return "A tool call began streaming."
        case .toolCallArgs: return "A chunk of a tool call's arguments."
        case .toolCallEnd: return "A tool call finished streaming."
        case .toolCall: return "A complete tool call, its arguments parsed as JSON."
        case .toolResult: return "The result of a tool call."
        case .cardStart: return "A card began."
        case .card: return "A complete card with its payload."
        case .cardEnd: return "A card ended."
        case .interactive: return "A form, card or scheduler message the user can act on."
        case .form: return "An interactive form (it is an interactive too)."
        case .interactiveCard: return "An interactive card (it is an interactive too)."
        case .scheduler: return "A scheduler message offering slots (it is an interactive too)."
        case .goalCompleted: return "An interactive message's goal was met."
        case .agenticMessage: return "A message the agent's run left behind once it finished (CometChat's persisted agentic messages)."
        case .assistantMessage: return "An agentic message holding the assistant's reply."
        case .toolArgumentsMessage: return "An agentic message holding the arguments of tool calls."
        case .toolResultMessage: return "An agentic message holding a tool's result."
        case .action: return "What a pressed button's action did: an API call made, or a URL the user would have been sent to."
        case .typing: return "A typing indicator started or stopped."
        case .handoff: return "A step of a handoff to a live agent."
        case .system: return "A system message in the conversation."
        case .sessionEnded: return "The session ended."
        case .delivery: return "Where a user message is on its way to the agent."
        case .connection: return "The state of the connection to the agent."
        case .custom: return "An event the protocol carries by name, with a value."
        case .stateSnapshot: return "The agent's whole shared state."
        case .stateDelta: return "A JSON Patch to the shared state."
        case .interrupt: return "The agent paused for the user's answer; give it with resume."
        case .protocolWarning: return "A frame the protocol's own SDK would ignore, kept so a flow can expect_no it."
        case .turnEnded: return "The connector's word that the agent is done with this turn."
        }
    }

    /// The fields a pattern for this event may name.
    public var fields: [EventField] {
        switch self {
        case .runStarted: return [.runID, .threadID]
        case .runFinished:
            return [.runID, .init("outcome", values: RunOutcome.allCases.map(\.rawValue), "success, or interrupt when the run stopped for the user's answer.")]
        case .runError: return [.init("message", "The error's message."), .init("code", "The error's code, when the protocol gives one.")]
        case .textStart, .textEnd: return [.messageID]
        case .textDelta: return [.messageID, .init("delta", "This chunk's text.")]
        case .reply:
            return [
                .init("text", "The message's text."),
                .init("from", values: ["agent", "live"], "Who sent it: the agent, or a live agent after a handoff."),
                .init("agent", "The sender's name, when the protocol gives one."), .messageID,
                .init("suggestions", "The quick replies offered with it, a list of texts."), .init("attachments", "Its attachments, as JSON."),
                .init("call_actions", "Its call-to-action buttons, as JSON."), .init("elements", "Its rich elements, as JSON."),
            ]
        case .toolCallStart, .toolCallEnd: return [.toolCallID, .toolName]
        case .toolCallArgs: return [.toolCallID, .toolName, .init("delta", "This chunk of the arguments' JSON text.")]
        case .toolCall:
            return [
                .toolCallID, .toolName, .init("args", "The arguments, parsed as JSON; a mapping matches the keys it names."),
                .init("display_name", "The tool's name for people, where the protocol has one."),
                .init("execution_text", "The label shown while the tool runs."),
            ]
        case .toolResult: return [.toolCallID, .toolName, .init("content", "The result, as JSON.")]
        case .cardStart: return [.cardID, .init("execution_text", "The label shown while the card is made.")]
        case .card:
            return [
                .cardID, .init("title", "The card's title: its own, else its first heading or text."), .init("payload", "The whole card, as JSON."),
                .init("version", "The card schema's version."), .init("body", "The card's elements."), .init("style", "The card's style."),
                .init("fallback_text", "The text shown where the card cannot be."), .init("actions", "The card's actions."),
            ]
        case .cardEnd: return [.cardID]
        case .interactive, .form, .interactiveCard, .scheduler:
            return [
                .init("id", "The interactive message's id."),
                .init("kind", values: InteractiveKind.allCases.map(\.rawValue), "Which kind of interactive message it is."),
                .init("title", "Its title."), .init("data", "Its whole content, as JSON."),
                .init("goal", values: InteractionGoal.Kind.allCases.map(\.rawValue), "When it counts as done."),
                .init("goal_elements", "The elements its goal is about."), .init("sender", "Who sent it (a uid)."),
                .init("receiver", "The uid or guid it was sent to."),
                .init("receiver_type", values: ["user", "group"], "Whether it was sent to a user or a group."),
                .init("allow_sender_interaction", "Whether its sender may interact with it too."),
                .init("interactions", "The interactions recorded on it so far: { element, at }."),
            ]
        case .goalCompleted:
            return [
                .init("id", "The interactive message's id."),
                .init("source", values: GoalSource.allCases.map(\.rawValue), "Who said so: server (the agent's side) or local (Parley, from its own interactions)."),
            ]
        case .agenticMessage, .assistantMessage, .toolArgumentsMessage, .toolResultMessage:
            return [
                .init("id", "The message's id."), .init("type", values: AgenticMessageType.allCases.map(\.rawValue), "What it holds."), .runID,
                .threadID, .init("sender", "The agent's uid."), .init("receiver", "Whom it went to: the user's uid, or the group's guid."),
                .init("text", "The reply (assistant) or the tool's output (tool-result)."),
                .init("elements", "The ordered text and card blocks of an assistant message, as JSON."),
                .init("tool_calls", "The calls of a tool-arguments message, as JSON."),
                .init("tool_call_id", "The call a tool-result message answers."), .init("metadata", "The message's metadata, as JSON."),
            ]
        case .action:
            return [
                .init("message_id", "The interactive message or card the button belongs to."), .init("element", "The button's element id."),
                .init("type", "The action's type as sent (apiAction, urlNavigation, custom, deepLinking…)."),
                .init("url", "The URL called, or the one the user would have been sent to."), .init("method", "An API call's HTTP method."),
                .init("payload", "What was sent (an API call's body), as JSON."), .init("status", "An API call's HTTP status."),
                .init("response", "An API call's answer, as JSON when it parses, else as text."),
                .init("error", "Why the call failed, when it got no answer."),
            ]
        case .typing:
            return [
                .init("who", values: Participant.allCases.map(\.rawValue), "Who is typing: the agent, a live agent or the user."),
                .init("state", values: ["started", "stopped"], "Whether typing started or stopped."),
            ]
        case .handoff:
            return [
                .init("stage", values: HandoffStage.allCases.map(\.rawValue), "The handoff's stage."),
                .init("outcome", values: HandoffStage.outcomes.map(\.rawValue), "The stage that ended the attempt, once one has."),
                .init("queue_position", "The place in the live agents' queue."), .init("wait", "The expected wait, in seconds."),
                .init("queue", "The queue's name."), .init("agent", "The live agent's name."), .init("reason", "Why it failed or ended."),
                .init("route", "Where the handoff is routed, as JSON."),
            ]
        case .system: return [.init("text", "The message's text."), .init("level", values: SystemLevel.allCases.map(\.rawValue), "How serious it is.")]
        case .sessionEnded: return [.init("reason", "Why the session ended.")]
        case .delivery:
            return [.init("id", "The user message's id."), .init("state", values: DeliveryState.allCases.map(\.rawValue), "Where the message is.")]
        case .connection:
            return [
                .init("state", values: ["connecting", "open", "reconnecting", "failed", "closed"], "The connection's state."),
                .init("attempt", "The reconnect attempt, while reconnecting."), .init("reason", "Why the connection failed."),
            ]
        case .custom: return [.init("name", "The event's name."), .init("value", "Its value, as JSON.")]
        case .stateSnapshot: return [.init("state", "The whole state, as JSON.")]
        case .stateDelta: return [.init("patch", "The JSON Patch operations.")]
        case .interrupt:
            return [.init("id", "The interrupt's id."), .init("reason", "Why the agent paused."), .init("payload", "What the agent sent with it, as JSON.")]
        case .protocolWarning: return [.init("message", "What was wrong with the frame."), .init("frame", "The frame's text, cut short.")]
        case .turnEnded: return []
        }
    }

    /// The field a bare scalar or a bare matcher applies to: `reply: { contains: x }` checks the text.
    public var primaryField: String? {
        switch self {
        case .runStarted, .textStart, .textEnd, .cardEnd, .goalCompleted, .turnEnded: return nil
        case .agenticMessage, .assistantMessage, .toolArgumentsMessage, .toolResultMessage: return "text"
        case .action: return "url"
        case .runFinished: return "outcome"
        case .runError, .protocolWarning: return "message"
        case .textDelta, .toolCallArgs: return "delta"
        case .reply, .system: return "text"
        case .toolCallStart, .toolCallEnd, .toolCall, .toolResult, .custom: return "name"
        case .cardStart: return "execution_text"
        case .card, .interactive, .form, .interactiveCard, .scheduler: return "title"
        case .typing: return "who"
        case .handoff: return "stage"
        case .sessionEnded: return "reason"
        case .delivery, .connection, .stateSnapshot: return "state"
        case .stateDelta: return "patch"
        case .interrupt: return "reason"
        }
    }
}

/// A field of an event that a pattern may name, with its closed set of values where it has one.
public struct EventField: Hashable, Sendable {
    /// The field's name in flows.
    public var name: String
    /// The values it can take, when the set is closed (so typos are caught before a run).
    public var values: [String]?
    /// What it holds, for editors and `parley schema`.
    public var summary: String

    /// Creates a field.
    public init(_ name: String, values: [String]? = nil, _ summary: String) {
        self.name = name
        self.values = values
        self.summary = summary
    }

    /// Fields several events share, described once.
    static let runID = EventField("run_id", "The run's id.")
    static let threadID = EventField("thread_id", "The conversation thread's id.")
    static let messageID = EventField("message_id", "The message's id.")
    static let toolCallID = EventField("id", "The tool call's id.")
    static let toolName = EventField("name", "The tool's name.")
    static let cardID = EventField("id", "The card's id.")
}

/// The stages of a handoff to a live agent.
public enum HandoffStage: String, Hashable, Sendable, CaseIterable {
    case started, accepted, queued
    case liveAgentJoined = "live_agent_joined"
    case liveAgentLeft = "live_agent_left"
    case failed
    case timedOut = "timed_out"
    case clientHandoffRequired = "client_handoff_required"

    /// The stages that end a handoff attempt; `handoff: { outcome: … }` waits for one of these.
    public static let outcomes: [HandoffStage] = [.liveAgentJoined, .failed, .timedOut, .clientHandoffRequired]
}
