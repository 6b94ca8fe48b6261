import ParleyModel

/// The five frames a client may send (protocols/polyai-messaging.md 5, 16): `type`, a `payload`
/// object that is always present (the server's schema requires it) and, for user messages only,
/// `metadata.custom.local_id` so the echo can be matched to its draft.
public enum PolyOutgoing: Hashable, Sendable {
    /// A user message; `localID` comes back in the echo's metadata.
    case userMessage(text: String, localID: String)
    case userTyping(PolyTypingState)
    /// Asks the PolyAI agent to join; the payload must stay `{}`.
    case requestPolyAgentJoin
    case heartbeat
    /// Ends the conversation (the SDK's end and leave both become this).
    case userEndSession

    /// The wire type.
    public var type: PolyEventType {
        switch self {
        case .userMessage: .userMessage
        case .userTyping: .userTyping
        case .requestPolyAgentJoin: .requestPolyAgentJoin
        case .heartbeat: .heartbeat
        case .userEndSession: .userEndSession
        }
    }

    /// The frame as JSON, members in the order `type`, `payload`, `metadata`.
    public var json: JSONValue {
        var members = [JSONMember("type", .string(type.wire))]
        switch self {
        case .userMessage(let text, let localID):
            members.append(JSONMember("payload", .object([JSONMember("text", .string(text))])))
            members.append(
                JSONMember("metadata", .object([JSONMember("custom", .object([JSONMember("local_id", .string(localID))]))])))
        case .userTyping(let state):
            members.append(JSONMember("payload", .object([JSONMember("state", .string(state.rawValue))])))
        case .requestPolyAgentJoin, .heartbeat, .userEndSession:
            members.append(JSONMember("payload", .object([])))
        }
        return .object(members)
    }

    /// The text frame to send: compact JSON.
    public var text: String { json.serialized() }
}
