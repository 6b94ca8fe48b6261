/// The `type` of a PolyAI messaging frame (polyai-messaging.md 5 and 6): what the server sends and
/// the five types a client may send.
public enum PolyAIEventType: String, Hashable, Sendable, CaseIterable {
    case sessionStart = "EVENT_TYPE_SESSION_START"
    case sessionEnd = "EVENT_TYPE_SESSION_END"
    case eventBatch = "EVENT_TYPE_EVENT_BATCH"
    case heartbeat = "EVENT_TYPE_HEARTBEAT"
    case userMessage = "EVENT_TYPE_USER_MESSAGE"
    case userTyping = "EVENT_TYPE_USER_TYPING"
    case userEndSession = "EVENT_TYPE_USER_END_SESSION"
    case requestPolyAgentJoin = "EVENT_TYPE_REQUEST_POLY_AGENT_JOIN"
    case polyAgentJoined = "EVENT_TYPE_POLY_AGENT_JOINED"
    case polyAgentThinking = "EVENT_TYPE_POLY_AGENT_THINKING"
    case polyAgentMessage = "EVENT_TYPE_POLY_AGENT_MESSAGE"
    case polyAgentMessageChunk = "EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK"
    case polyAgentTriggeredHandoff = "EVENT_TYPE_POLY_AGENT_TRIGGERED_HANDOFF"
    case handoffAccepted = "EVENT_TYPE_HANDOFF_ACCEPTED"
    case handoffQueueStatus = "EVENT_TYPE_HANDOFF_QUEUE_STATUS"
    case handoffFailed = "EVENT_TYPE_HANDOFF_FAILED"
    case handoffTimeout = "EVENT_TYPE_HANDOFF_TIMEOUT"
    case clientHandoffRequired = "EVENT_TYPE_CLIENT_HANDOFF_REQUIRED"
    case liveAgentJoined = "EVENT_TYPE_LIVE_AGENT_JOINED"
    case liveAgentTyping = "EVENT_TYPE_LIVE_AGENT_TYPING"
    case liveAgentMessage = "EVENT_TYPE_LIVE_AGENT_MESSAGE"
    case liveAgentLeft = "EVENT_TYPE_LIVE_AGENT_LEFT"
    case systemMessage = "EVENT_TYPE_SYSTEM_MESSAGE"

    /// The key of the protobuf-oneof JSON form of a batched event's payload (polyai-messaging.md 7):
    /// the type lower-cased without its prefix, `poly_agent_message` for `EVENT_TYPE_POLY_AGENT_MESSAGE`.
    public var oneofKey: String {
        String(rawValue.dropFirst("EVENT_TYPE_".count)).lowercased()
    }
}
