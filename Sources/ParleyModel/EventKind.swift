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

    /// The fields a pattern for this event may name.
    public var fields: [EventField] {
        switch self {
        case .runStarted: return [.init("run_id"), .init("thread_id")]
        case .runFinished: return [.init("run_id"), .init("outcome", values: ["success", "interrupt"])]
        case .runError: return [.init("message"), .init("code")]
        case .textStart, .textEnd: return [.init("message_id")]
        case .textDelta: return [.init("message_id"), .init("delta")]
        case .reply:
            return [
                .init("text"), .init("from", values: ["agent", "live"]), .init("agent"), .init("message_id"),
                .init("suggestions"), .init("attachments"), .init("call_actions"), .init("elements"),
            ]
        case .toolCallStart, .toolCallEnd: return [.init("id"), .init("name")]
        case .toolCallArgs: return [.init("id"), .init("name"), .init("delta")]
        case .toolCall: return [.init("id"), .init("name"), .init("args"), .init("display_name"), .init("execution_text")]
        case .toolResult: return [.init("id"), .init("name"), .init("content")]
        case .cardStart: return [.init("id"), .init("execution_text")]
        case .card:
            return [
                .init("id"), .init("title"), .init("payload"), .init("version"), .init("body"), .init("style"), .init("fallback_text"),
                .init("actions"),
            ]
        case .cardEnd: return [.init("id")]
        case .interactive, .form, .interactiveCard, .scheduler:
            return [
                .init("id"), .init("kind", values: ["form", "card", "scheduler", "custom"]), .init("title"),
                .init("data"), .init("goal", values: ["anyAction", "anyOf", "allOf", "none"]), .init("goal_elements"), .init("sender"),
                .init("receiver"), .init("receiver_type", values: ["user", "group"]), .init("allow_sender_interaction"), .init("interactions"),
            ]
        case .goalCompleted: return [.init("id"), .init("source", values: GoalSource.allCases.map(\.rawValue))]
        case .agenticMessage, .assistantMessage, .toolArgumentsMessage, .toolResultMessage:
            return [
                .init("id"), .init("type", values: AgenticMessageType.allCases.map(\.rawValue)), .init("run_id"), .init("thread_id"),
                .init("sender"), .init("receiver"), .init("text"), .init("elements"), .init("tool_calls"), .init("tool_call_id"),
                .init("metadata"),
            ]
        case .action:
            return [
                .init("message_id"), .init("element"), .init("type"), .init("url"), .init("method"), .init("payload"), .init("status"),
                .init("response"), .init("error"),
            ]
        case .typing: return [.init("who", values: ["agent", "live", "user"]), .init("state", values: ["started", "stopped"])]
        case .handoff:
            return [
                .init("stage", values: HandoffStage.allCases.map(\.rawValue)),
                .init("outcome", values: HandoffStage.outcomes.map(\.rawValue)),
                .init("queue_position"), .init("wait"), .init("queue"), .init("agent"), .init("reason"), .init("route"),
            ]
        case .system: return [.init("text"), .init("level", values: ["info", "warning", "error"])]
        case .sessionEnded: return [.init("reason")]
        case .delivery: return [.init("id"), .init("state", values: ["pending", "sent", "failed"])]
        case .connection:
            return [.init("state", values: ["connecting", "open", "reconnecting", "failed", "closed"]), .init("attempt"), .init("reason")]
        case .custom: return [.init("name"), .init("value")]
        case .stateSnapshot: return [.init("state")]
        case .stateDelta: return [.init("patch")]
        case .interrupt: return [.init("id"), .init("reason"), .init("payload")]
        case .protocolWarning: return [.init("message"), .init("frame")]
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

    /// Creates a field.
    public init(_ name: String, values: [String]? = nil) {
        self.name = name
        self.values = values
    }
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
