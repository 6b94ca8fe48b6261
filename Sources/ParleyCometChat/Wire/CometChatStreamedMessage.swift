import ParleyModel

/// A `streamed_message` frame: the envelope, the run it belongs to and the typed event
/// (protocols/cometchat.md 1.1; the wire contract's `streamed_message`).
public struct CometChatStreamedMessage: Hashable, Sendable {
    public var envelope: CometChatEnvelope
    /// The run: `body.id` (a number or a numeric string), which is the id of the user's message
    /// that started the run.
    public var runID: Int
    /// `data.threadId`, else `body.conversationId`.
    public var threadID: String?
    public var conversationID: String?
    public var parentID: String?
    public var event: CometChatStreamEvent
    /// `body.data` as sent (`{}` when absent).
    public var data: JSONValue
    /// The whole frame, for transcripts.
    public var json: JSONValue

    /// Creates a streamed message.
    public init(
        envelope: CometChatEnvelope, runID: Int, threadID: String? = nil, conversationID: String? = nil, parentID: String? = nil,
        event: CometChatStreamEvent, data: JSONValue = .object([]), json: JSONValue = .object([])
    ) {
        self.envelope = envelope
        self.runID = runID
        self.threadID = threadID
        self.conversationID = conversationID
        self.parentID = parentID
        self.event = event
        self.data = data
        self.json = json
    }

    /// Decodes the frame `json` (already known to be an object of type `streamed_message`).
    /// Fails when the body is not an object, has no string `type`, or an event lacks the ids it
    /// cannot do without: the run id everywhere, `streamMessageId` on text events, `toolCallId`
    /// on tool events (and `toolCallName` on `tool_call_start`), `cardId` on card events.
    public static func decode(_ json: JSONValue, envelope: CometChatEnvelope) -> Result<CometChatStreamedMessage, CometChatViolation> {
        guard let body = json.objectMember("body") else {
            let frame = CometChatViolation.excerpt(json.serialized())
            return .failure(CometChatViolation("CometChat sent a streamed_message frame whose body is not an object: \(frame)"))
        }
        let excerpt = CometChatViolation.excerpt(body.serialized())
        guard let type = body.stringMember("type") else {
            return .failure(CometChatViolation("CometChat sent a streamed_message without a string body.type: \(excerpt)"))
        }
        let data = body.objectMember("data") ?? .object([])
        // The SDK keys the run by body.id; data.runId repeats it.
        guard let runID = body.integerMember("id") ?? data.integerMember("runId") else {
            return .failure(CometChatViolation("CometChat sent a \(type) event without a run id (body.id or data.runId as a number): \(excerpt)"))
        }
        let event: CometChatStreamEvent
        do {
            event = try typedEvent(type, data: data, runID: runID)
        } catch {
            return .failure(error)
        }
        return .success(
            CometChatStreamedMessage(
                envelope: envelope, runID: runID,
                threadID: data.stringMember("threadId") ?? body.nonEmptyStringMember("conversationId"),
                conversationID: body.nonEmptyStringMember("conversationId"), parentID: body.nonEmptyStringMember("parentId"), event: event,
                data: data, json: json))
    }

    /// The event for `type`, reading `data` with §1.3's keys.
    private static func typedEvent(_ type: String, data: JSONValue, runID: Int) throws(CometChatViolation) -> CometChatStreamEvent {
        func required(_ key: String) throws(CometChatViolation) -> String {
            guard let value = data.identifierMember(key) else {
                throw CometChatViolation("CometChat sent a \(type) event of run \(runID) without data.\(key)")
            }
            return value
        }
        switch type {
        case "run_started":
            return .runStarted(streamMessageID: data.identifierMember("streamMessageId"))
        case "run_finished":
            return .runFinished
        case "run_error":
            let code = data.identifierMember("code")
            return .runError(message: data.nonEmptyStringMember("message") ?? "the agent reported an error with no message", code: code)
        case "text_message_start":
            return .textMessageStart(streamMessageID: try required("streamMessageId"))
        case "text_message_content":
            return .textMessageContent(streamMessageID: try required("streamMessageId"), delta: data.stringMember("delta") ?? "")
        case "text_message_end":
            return .textMessageEnd(streamMessageID: try required("streamMessageId"), messageID: data.identifierMember("messageId"))
        case "tool_call_start":
            return .toolCallStart(
                toolCallID: try required("toolCallId"), toolCallName: try required("toolCallName"),
                displayName: data.nonEmptyStringMember("displayName"), executionText: data.nonEmptyStringMember("executionText"),
                arguments: data.stringMember("arguments"))
        case "tool_call_args":
            return .toolCallArgs(
                toolCallID: try required("toolCallId"), toolCallName: data.nonEmptyStringMember("toolCallName"),
                delta: data.stringMember("delta") ?? "")
        case "tool_call_end":
            return .toolCallEnd(
                toolCallID: try required("toolCallId"), toolCallName: data.nonEmptyStringMember("toolCallName"),
                arguments: data.stringMember("arguments"))
        case "tool_call_result":
            // The contract sends a string; anything else is kept as its JSON text.
            let content: String
            switch data["content"] {
            case .string(let text)?: content = text
            case nil, .null?: content = ""
            case let other?: content = other.serialized()
            }
            return .toolCallResult(toolCallID: try required("toolCallId"), toolCallName: data.nonEmptyStringMember("toolCallName"), content: content)
        case "card_start":
            return .cardStart(
                cardID: try required("cardId"), streamMessageID: data.identifierMember("streamMessageId"),
                executionText: data.nonEmptyStringMember("executionText"))
        case "card":
            return .card(cardID: try required("cardId"), streamMessageID: data.identifierMember("streamMessageId"), card: data["card"] ?? .null)
        case "card_end":
            return .cardEnd(cardID: try required("cardId"))
        default:
            return .unknown(type: type)
        }
    }
}
