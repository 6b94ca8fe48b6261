import ParleyCore
import ParleyModel

/// One frame from the client, read (polyai-messaging.md 4.1 and 5): the five types PolyAI allows,
/// or why the frame is refused. Refusals become a SYSTEM_MESSAGE error and the socket stays open.
enum PolyAIClientFrame: Hashable, Sendable {
    case join
    /// `payload.text`, the whole `metadata` to echo, and `metadata.custom.local_id` when there is one.
    case userMessage(text: String, metadata: JSONValue?, localID: String?)
    /// The typing payload, echoed as it came.
    case typing(JSONValue)
    case heartbeat
    case endSession
    /// A well-formed frame of a type clients may not send.
    case unsupported(type: String)
    /// Not a frame at all, or a frame missing what its type needs.
    case invalid(String)

    /// Reads one text frame.
    init(text: String) {
        guard let json = try? JSONValue(parsing: text), case .object = json else {
            self = .invalid("Error parsing request: a frame is one JSON object")
            return
        }
        guard case .string(let name)? = json["type"] else {
            self = .invalid("Error parsing request: the frame has no 'type'")
            return
        }
        let payload = json["payload"] ?? .object([])
        switch PolyAIEventType(rawValue: name) {
        case .requestPolyAgentJoin?:
            self = .join
        case .userMessage?:
            guard case .string(let text)? = payload["text"], !text.allSatisfy(\.isWhitespace) else {
                self = .invalid("Error parsing request: EVENT_TYPE_USER_MESSAGE needs a non-empty payload.text")
                return
            }
            let metadata = json["metadata"]
            var localID: String?
            if case .string(let id)? = metadata?["custom"]?["local_id"] { localID = id }
            self = .userMessage(text: text, metadata: metadata, localID: localID)
        case .userTyping?:
            self = .typing(payload)
        case .heartbeat?:
            self = .heartbeat
        case .userEndSession?:
            self = .endSession
        case .sessionStart?, .sessionEnd?, .eventBatch?, .polyAgentJoined?, .polyAgentThinking?, .polyAgentMessage?,
            .polyAgentMessageChunk?, .polyAgentTriggeredHandoff?, .handoffAccepted?, .handoffQueueStatus?, .handoffFailed?,
            .handoffTimeout?, .clientHandoffRequired?, .liveAgentJoined?, .liveAgentTyping?, .liveAgentMessage?, .liveAgentLeft?,
            .systemMessage?, nil:
            // Server types, or types PolyAI does not know: not the client's to send.
            self = .unsupported(type: name)
        }
    }

    /// The types a client may send, for the message that refuses any other.
    static let allowed: [PolyAIEventType] = [.requestPolyAgentJoin, .userMessage, .userTyping, .userEndSession, .heartbeat]
}
