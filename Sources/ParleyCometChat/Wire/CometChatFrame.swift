import ParleyCore
import ParleyModel

/// One text frame from the realtime socket, decoded (the wire contract's "Realtime" section).
public enum CometChatFrame: Hashable, Sendable {
    /// The answer to the auth frame.
    case auth(CometChatAuthReply)
    /// `{"action":"pong"}`, the answer to a ping.
    case pong
    case streamed(CometChatStreamedMessage)
    case message(CometChatMessage)
    case interactionCompleted(CometChatInteractionReceipt)
    case typing(CometChatTypingIndicator)
    /// A frame type the SDK knows but Parley does not act on (receipts, presence…), or a typing
    /// indicator in an unknown shape: kept whole for transcripts.
    case other(type: String, json: JSONValue)
    /// A frame type the SDK does not know either: it drops the frame; Parley warns.
    case unknown(type: String, json: JSONValue)

    /// The frame types the SDK dispatches (`WSConnection.getCometChatEventFromMessage`).
    static let sdkTypes: Set<String> = [
        "typing_indicator", "receipts", "auth", "presence", "message", "transient_message", "interaction_completed", "reaction",
        "on_moderation_status_changed", "streamed_message", "notification_feed_item", "message_pin", "message_save", "conversation_pin",
    ]

    /// Decodes a text frame. Text that is not a JSON object, an object without a string `type`
    /// (other than the pong), and a known frame missing what it cannot do without are violations:
    /// the SDK drops such frames, and the conversation reports them as protocol warnings.
    public static func decode(_ text: String) -> Result<CometChatFrame, CometChatViolation> {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            return .failure(CometChatViolation("CometChat sent a frame that is not JSON: \(CometChatViolation.excerpt(text))"))
        }
        guard json.isJSONObject else {
            return .failure(CometChatViolation("CometChat sent a frame that is not a JSON object: \(CometChatViolation.excerpt(text))"))
        }
        return decode(json: json)
    }

    /// Decodes a frame already parsed to JSON.
    public static func decode(json: JSONValue) -> Result<CometChatFrame, CometChatViolation> {
        guard let type = json.stringMember("type") else {
            // The keep-alive answer is the one frame without a type.
            if json.stringMember("action") == "pong" { return .success(.pong) }
            return .failure(CometChatViolation("CometChat sent a frame without a string \"type\": \(CometChatViolation.excerpt(json.serialized()))"))
        }
        if let field = json.cometChatNumberOutOfRange() {
            let range = NumberBounds.wholeRangeText
            return .failure(CometChatViolation("CometChat sent a \(type) frame with \(field), not a whole number from \(range)"))
        }
        let envelope = CometChatEnvelope(frame: json, type: type)
        switch type {
        case "auth":
            return CometChatAuthReply.decode(json).map(CometChatFrame.auth)
        case "streamed_message":
            return CometChatStreamedMessage.decode(json, envelope: envelope).map(CometChatFrame.streamed)
        case "message":
            guard let body = json.objectMember("body") else {
                let frame = CometChatViolation.excerpt(json.serialized())
                return .failure(CometChatViolation("CometChat sent a message frame whose body is not an object: \(frame)"))
            }
            return CometChatMessage.decode(body).map(CometChatFrame.message)
        case "interaction_completed":
            return CometChatInteractionReceipt.decode(json, envelope: envelope).map(CometChatFrame.interactionCompleted)
        case "typing_indicator":
            guard let indicator = CometChatTypingIndicator(json, envelope: envelope) else { return .success(.other(type: type, json: json)) }
            return .success(.typing(indicator))
        default:
            return .success(sdkTypes.contains(type) ? .other(type: type, json: json) : .unknown(type: type, json: json))
        }
    }
}
