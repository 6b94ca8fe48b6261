/// Every `type` string of the PolyAI messaging protocol (protocols/polyai-messaging.md sections 5
/// and 6), both directions, with `.unknown` for the rest: a newer server's types reach the
/// transcript as raw events instead of failing the flow. Matching is case-sensitive, as in the SDK.
public enum PolyEventType: Hashable, Sendable {
    // Session lifecycle (6.1).
    case sessionStart, sessionEnd, sessionIdleWarning
    // Client frames (5) and their echoes (6.2).
    case userMessage, userTyping, userEndSession, requestPolyAgentJoin, heartbeat
    /// The SDK's voice-only frame (5); never sent by Parley, known so its echo is not "unknown".
    case linkToWebRTCConversation
    // The PolyAI agent (6.3).
    case polyAgentJoined, polyAgentThinking, polyAgentMessage, polyAgentMessageChunk, polyAgentLeft
    case polyAgentTriggeredHandoff
    // The live agent (6.4).
    case liveAgentJoined, liveAgentTyping, liveAgentMessage, liveAgentLeft
    // Handoff (6.5).
    case handoffAccepted, handoffQueueStatus, handoffFailed, handoffTimeout, clientHandoffRequired
    // System and batching (6.6, 6.7).
    case systemMessage, eventBatch
    // Defined but not sent by the backend yet (6.8).
    case userReceivedMessage, userReadMessage, polyAgentReceivedMessage, polyAgentReadMessage
    case liveAgentReceivedMessage, liveAgentReadMessage, showCSATRequest, csatResponse
    /// A type this version of Parley does not know, as written.
    case unknown(String)

    /// Every known type, in the order of the protocol document.
    public static let known: [PolyEventType] = [
        .sessionStart, .sessionEnd, .sessionIdleWarning,
        .userMessage, .userTyping, .userEndSession, .requestPolyAgentJoin, .heartbeat, .linkToWebRTCConversation,
        .polyAgentJoined, .polyAgentThinking, .polyAgentMessage, .polyAgentMessageChunk, .polyAgentLeft,
        .polyAgentTriggeredHandoff,
        .liveAgentJoined, .liveAgentTyping, .liveAgentMessage, .liveAgentLeft,
        .handoffAccepted, .handoffQueueStatus, .handoffFailed, .handoffTimeout, .clientHandoffRequired,
        .systemMessage, .eventBatch,
        .userReceivedMessage, .userReadMessage, .polyAgentReceivedMessage, .polyAgentReadMessage,
        .liveAgentReceivedMessage, .liveAgentReadMessage, .showCSATRequest, .csatResponse,
    ]

    private static let byWireName: [String: PolyEventType] = Dictionary(
        uniqueKeysWithValues: known.map { ("EVENT_TYPE_" + $0.suffix, $0) })

    /// The type a wire string names; anything not spelled exactly as the protocol does is `.unknown`.
    public init(wire: String) {
        self = Self.byWireName[wire] ?? .unknown(wire)
    }

    /// The string on the wire: `EVENT_TYPE_POLY_AGENT_MESSAGE`.
    public var wire: String {
        if case .unknown(let name) = self { return name }
        return "EVENT_TYPE_" + suffix
    }

    /// The wire name lower-cased without `EVENT_TYPE_`: the protobuf oneof key a batch may carry
    /// the payload under (section 7), and the name of Parley's `custom` event for the type.
    public var oneofKey: String {
        let name = wire
        let prefix = "EVENT_TYPE_"
        return (name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name).lowercased()
    }

    /// The part after `EVENT_TYPE_` for the known types.
    private var suffix: String {
        switch self {
        case .sessionStart: "SESSION_START"
        case .sessionEnd: "SESSION_END"
        case .sessionIdleWarning: "SESSION_IDLE_WARNING"
        case .userMessage: "USER_MESSAGE"
        case .userTyping: "USER_TYPING"
        case .userEndSession: "USER_END_SESSION"
        case .requestPolyAgentJoin: "REQUEST_POLY_AGENT_JOIN"
        case .heartbeat: "HEARTBEAT"
        case .linkToWebRTCConversation: "LINK_TO_WEBRTC_CONVERSATION"
        case .polyAgentJoined: "POLY_AGENT_JOINED"
        case .polyAgentThinking: "POLY_AGENT_THINKING"
        case .polyAgentMessage: "POLY_AGENT_MESSAGE"
        case .polyAgentMessageChunk: "POLY_AGENT_MESSAGE_CHUNK"
        case .polyAgentLeft: "POLY_AGENT_LEFT"
        case .polyAgentTriggeredHandoff: "POLY_AGENT_TRIGGERED_HANDOFF"
        case .liveAgentJoined: "LIVE_AGENT_JOINED"
        case .liveAgentTyping: "LIVE_AGENT_TYPING"
        case .liveAgentMessage: "LIVE_AGENT_MESSAGE"
        case .liveAgentLeft: "LIVE_AGENT_LEFT"
        case .handoffAccepted: "HANDOFF_ACCEPTED"
        case .handoffQueueStatus: "HANDOFF_QUEUE_STATUS"
        case .handoffFailed: "HANDOFF_FAILED"
        case .handoffTimeout: "HANDOFF_TIMEOUT"
        case .clientHandoffRequired: "CLIENT_HANDOFF_REQUIRED"
        case .systemMessage: "SYSTEM_MESSAGE"
        case .eventBatch: "EVENT_BATCH"
        case .userReceivedMessage: "USER_RECEIVED_MESSAGE"
        case .userReadMessage: "USER_READ_MESSAGE"
        case .polyAgentReceivedMessage: "POLY_AGENT_RECEIVED_MESSAGE"
        case .polyAgentReadMessage: "POLY_AGENT_READ_MESSAGE"
        case .liveAgentReceivedMessage: "LIVE_AGENT_RECEIVED_MESSAGE"
        case .liveAgentReadMessage: "LIVE_AGENT_READ_MESSAGE"
        case .showCSATRequest: "SHOW_CSAT_REQUEST"
        case .csatResponse: "CSAT_RESPONSE"
        case .unknown(let name): name
        }
    }
}
