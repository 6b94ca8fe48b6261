import ParleyModel

/// The payload of an agent message, a live agent message or a stream chunk, read the way the SDK
/// reads it (protocols/polyai-messaging.md 6.3, 6.4) and normalized into Parley's reply parts.
public struct PolyMessage: Hashable, Sendable {
    /// `message_id`, "" when absent.
    public var messageID: String
    /// `text`; nil when absent (a chunk may carry none).
    public var text: String?
    /// `agent_name` (messages only; chunks have none).
    public var agentName: String?
    /// Normalized attachments: `{content_type, url, title, preview_image_url, call_to_action_text}`.
    public var attachments: [JSONValue]
    /// Each suggestion's `message_text`: what the user would send by tapping it.
    public var suggestions: [String]
    /// Normalized call actions: `{title, contact_number}`.
    public var callActions: [JSONValue]
    /// The agent ends the conversation with this message.
    public var endConversation: Bool
    /// A chunk's position, 0 when absent (PolyAI's docs say it is 1-based; only the order matters).
    public var chunkIndex: Int
    /// The chunk that completes its stream.
    public var isComplete: Bool

    /// Reads a payload; missing or mistyped fields take the SDK's defaults.
    public init(payload: JSONValue) {
        messageID = payload.string("message_id") ?? ""
        text = payload.string("text")
        agentName = payload.string("agent_name")
        attachments = payload.objects("attachments").map(Self.attachment)
        suggestions = payload.objects("response_suggestions").map { $0.string("message_text") ?? "" }
        callActions = payload.objects("chat_call_actions").map(Self.callAction)
        endConversation = payload.bool("end_conversation") ?? false
        chunkIndex = payload.integer("chunk_index") ?? 0
        isComplete = payload.bool("is_complete") ?? false
    }

    /// Whether there is anything to show: text, attachments, suggestions or call actions.
    public var hasContent: Bool {
        !(text ?? "").isEmpty || !attachments.isEmpty || !suggestions.isEmpty || !callActions.isEmpty
    }

    /// The message as a reply from `who`.
    public func reply(from who: Participant) -> Reply {
        Reply(
            messageID: messageID, text: text ?? "", from: who, agentName: agentName, suggestions: suggestions,
            attachments: attachments, callActions: callActions)
    }

    /// An attachment in Parley's shape: the SDK's content types become `image`/`url`/`unknown`,
    /// `content_url` becomes `url`, and missing or empty values are left out.
    static func attachment(_ wire: JSONValue) -> JSONValue {
        let kind: String
        switch wire.string("content_type") {
        case "ATTACHMENT_CONTENT_TYPE_IMAGE": kind = "image"
        case "ATTACHMENT_CONTENT_TYPE_URL": kind = "url"
        default: kind = "unknown"
        }
        let fields: [(String, String?)] = [
            ("content_type", kind), ("url", wire.nonEmptyString("content_url")), ("title", wire.string("title")),
            ("preview_image_url", wire.nonEmptyString("preview_image_url")),
            ("call_to_action_text", wire.string("call_to_action_text")),
        ]
        return .object(fields.compactMap { key, value in value.map { JSONMember(key, .string($0)) } })
    }

    /// A call action in Parley's shape, missing fields left out.
    static func callAction(_ wire: JSONValue) -> JSONValue {
        let fields: [(String, String?)] = [("title", wire.string("title")), ("contact_number", wire.string("contact_number"))]
        return .object(fields.compactMap { key, value in value.map { JSONMember(key, .string($0)) } })
    }
}
