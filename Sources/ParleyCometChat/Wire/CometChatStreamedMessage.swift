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
    /// The ids the event needed but did not carry, as `data.toolCallId`: read as the SDK reads
    /// them (`optLong`, `optString`), 0 and "", and reported as protocol warnings.
    public var defaulted: [String]
    /// The whole frame, for transcripts.
    public var json: JSONValue

    /// Creates a streamed message.
    public init(
        envelope: CometChatEnvelope, runID: Int, threadID: String? = nil, conversationID: String? = nil, parentID: String? = nil,
        event: CometChatStreamEvent, data: JSONValue = .object([]), json: JSONValue = .object([]), defaulted: [String] = []
    ) {
        self.envelope = envelope
        self.runID = runID
        self.threadID = threadID
        self.conversationID = conversationID
        self.parentID = parentID
        self.event = event
        self.data = data
        self.json = json
        self.defaulted = defaulted
    }

    /// Decodes the frame `json` (already known to be an object of type `streamed_message`).
    /// Fails only when the body is not an object or has no string `type`: the SDK cannot read
    /// such a frame at all. Ids an event lacks are read as the SDK's `optLong`/`optString` read
    /// them (0 and "") and listed in ``defaulted``: the run id (`body.id`, else `data.runId`),
    /// `streamMessageId` on text events, `toolCallId` on tool events (and `toolCallName` on
    /// `tool_call_start`), `cardId` on card events.
    public static func decode(_ json: JSONValue, envelope: CometChatEnvelope) -> Result<CometChatStreamedMessage, CometChatViolation> {
        guard let body = json.objectMember("body") else {
            let frame = CometChatViolation.excerpt(json.serialized())
            return .failure(CometChatViolation("CometChat sent a streamed_message frame whose body is not an object: \(frame)"))
        }
        guard let type = body.stringMember("type") else {
            let excerpt = CometChatViolation.excerpt(body.serialized())
            return .failure(CometChatViolation("CometChat sent a streamed_message without a string body.type: \(excerpt)"))
        }
        let data = body.objectMember("data") ?? .object([])
        var defaulted: [String] = []
        // The SDK keys the run by body.id; data.runId repeats it.
        let runID = body.integerMember("id") ?? data.integerMember("runId") ?? 0
        if body.integerMember("id") == nil && data.integerMember("runId") == nil { defaulted.append("body.id") }
        let event = typedEvent(type, data: data, defaulted: &defaulted)
        return .success(
            CometChatStreamedMessage(
                envelope: envelope, runID: runID,
                threadID: data.stringMember("threadId") ?? body.nonEmptyStringMember("conversationId"),
                conversationID: body.nonEmptyStringMember("conversationId"), parentID: body.nonEmptyStringMember("parentId"), event: event,
                data: data, json: json, defaulted: defaulted))
    }

    /// What a defaulted id means, readable: `a text_message_content event of run 17 without data.streamMessageId (read as "")`.
    public func warning(_ field: String) -> String {
        let value = field == "body.id" ? "0" : "\"\""
        let run = field == "body.id" ? "" : " of run \(runID)"
        return "CometChat sent a \(event.wireType) event\(run) without \(field) (read as \(value), as the SDK does)"
    }

    /// The event for `type`, reading `data` with §1.3's keys; a missing id is "" and noted.
    private static func typedEvent(_ type: String, data: JSONValue, defaulted: inout [String]) -> CometChatStreamEvent {
        func required(_ key: String) -> String {
            guard let value = data.identifierMember(key) else {
                defaulted.append("data.\(key)")
                return ""
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
            return .textMessageStart(streamMessageID: required("streamMessageId"))
        case "text_message_content":
            return .textMessageContent(streamMessageID: required("streamMessageId"), delta: data.stringMember("delta") ?? "")
        case "text_message_end":
            return .textMessageEnd(streamMessageID: required("streamMessageId"), messageID: data.identifierMember("messageId"))
        case "tool_call_start":
            return .toolCallStart(
                toolCallID: required("toolCallId"), toolCallName: required("toolCallName"),
                displayName: data.nonEmptyStringMember("displayName"), executionText: data.nonEmptyStringMember("executionText"),
                arguments: data.stringMember("arguments"))
        case "tool_call_args":
            return .toolCallArgs(
                toolCallID: required("toolCallId"), toolCallName: data.nonEmptyStringMember("toolCallName"),
                delta: data.stringMember("delta") ?? "")
        case "tool_call_end":
            return .toolCallEnd(
                toolCallID: required("toolCallId"), toolCallName: data.nonEmptyStringMember("toolCallName"),
                arguments: data.stringMember("arguments"))
        case "tool_call_result":
            // The contract sends a string; anything else is kept as its JSON text.
            let content: String
            switch data["content"] {
            case .string(let text)?: content = text
            case nil, .null?: content = ""
            case let other?: content = other.serialized()
            }
            return .toolCallResult(toolCallID: required("toolCallId"), toolCallName: data.nonEmptyStringMember("toolCallName"), content: content)
        case "card_start":
            return .cardStart(
                cardID: required("cardId"), streamMessageID: data.identifierMember("streamMessageId"),
                executionText: data.nonEmptyStringMember("executionText"))
        case "card":
            return .card(cardID: required("cardId"), streamMessageID: data.identifierMember("streamMessageId"), card: data["card"] ?? .null)
        case "card_end":
            return .cardEnd(cardID: required("cardId"))
        default:
            return .unknown(type: type)
        }
    }
}
