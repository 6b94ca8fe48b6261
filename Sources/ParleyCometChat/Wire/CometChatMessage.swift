import ParleyModel

/// A message as REST answers and `message` frames carry it (the wire contract's "Message JSON").
public struct CometChatMessage: Hashable, Sendable {
    public var id: Int
    /// The sender's own name for the message (PARLEY: an agent script's id such as `contact_form`).
    public var muid: String?
    public var conversationID: String?
    public var sender: String
    public var receiver: String?
    /// `user` or `group`, as written.
    public var receiverType: String?
    public var category: CometChatCategory
    public var type: String
    public var sentAt: Double?
    /// `data` as sent; `{}` when absent.
    public var data: JSONValue
    /// The whole message, for transcripts and `.raw`.
    public var json: JSONValue

    /// Creates a message.
    public init(
        id: Int, muid: String? = nil, conversationID: String? = nil, sender: String, receiver: String? = nil, receiverType: String? = nil,
        category: CometChatCategory, type: String, sentAt: Double? = nil, data: JSONValue = .object([]), json: JSONValue = .object([])
    ) {
        self.id = id
        self.muid = muid
        self.conversationID = conversationID
        self.sender = sender
        self.receiver = receiver
        self.receiverType = receiverType
        self.category = category
        self.type = type
        self.sentAt = sentAt
        self.data = data
        self.json = json
    }

    /// Decodes message JSON as the SDK's model classes read it. The sender is
    /// `data.entities.sender.entity.uid` (the SDK never reads a top-level `sender`; it is only a
    /// fallback here), the receiver the top-level `receiver`, else `data.entities.receiver.entity`.
    /// Fails when it is not an object or lacks what routing needs: a numeric `id` (a numeric
    /// string is accepted), a sender, a string `category` and `type`.
    public static func decode(_ json: JSONValue) -> Result<CometChatMessage, CometChatViolation> {
        guard json.isJSONObject else {
            let text = CometChatViolation.excerpt(json.serialized())
            return .failure(CometChatViolation("CometChat sent a message that is not a JSON object: \(text)"))
        }
        if let field = json.cometChatNumberOutOfRange() {
            return .failure(CometChatViolation("CometChat sent a message with \(field), not a whole number from \(NumberBounds.wholeRangeText)"))
        }
        guard let id = json.integerMember("id") else {
            let text = CometChatViolation.excerpt(json.serialized())
            return .failure(CometChatViolation("CometChat sent a message without a numeric \"id\": \(text)"))
        }
        for key in ["category", "type"] where json.stringMember(key) == nil {
            return .failure(CometChatViolation("CometChat sent message \(id) without a string \"\(key)\""))
        }
        let data = json.objectMember("data") ?? .object([])
        let entities = data.objectMember("entities")
        guard let sender = entities?["sender"]?["entity"]?.nonEmptyStringMember("uid") ?? json.nonEmptyStringMember("sender") else {
            return .failure(CometChatViolation("CometChat sent message \(id) without a sender (data.entities.sender.entity.uid)"))
        }
        let receiverEntity = entities?.objectMember("receiver")
        let receiver =
            json.nonEmptyStringMember("receiver") ?? receiverEntity?["entity"]?.nonEmptyStringMember("uid")
            ?? receiverEntity?["entity"]?.nonEmptyStringMember("guid")
        return .success(
            CometChatMessage(
                id: id, muid: json.nonEmptyStringMember("muid"), conversationID: json.nonEmptyStringMember("conversationId"),
                sender: sender, receiver: receiver,
                receiverType: json.nonEmptyStringMember("receiverType") ?? receiverEntity?.nonEmptyStringMember("entityType"),
                category: CometChatCategory(wire: json.stringMember("category") ?? ""), type: json.stringMember("type") ?? "",
                sentAt: json.numberMember("sentAt"), data: data, json: json))
    }

    /// The name flows use for the message: its `muid` when it has one, else its numeric id.
    public var flowID: String { muid ?? String(id) }

    /// `data.text`.
    public var text: String? { data.stringMember("text") }

    /// The sender's role from `data.entities.sender.entity.role` (`@agentic` for an agent).
    public var senderRole: String? { data["entities"]?["sender"]?["entity"]?.stringMember("role") }

    /// The sender's display name from `data.entities.sender.entity.name`.
    public var senderName: String? { data["entities"]?["sender"]?["entity"]?.nonEmptyStringMember("name") }

    /// `data.runId` (agentic messages), whether sent as a number or a numeric string.
    public var runID: Int? { data.integerMember("runId") }

    /// The persisted agentic message, for category `agentic` and a type the contract knows.
    public var agentic: AgenticMessage? {
        guard category == .agentic, let kind = AgenticMessageType(rawValue: type) else { return nil }
        return AgenticMessage(
            id: String(id), type: kind, runID: runID.map { String($0) }, threadID: data.stringMember("threadId"), sender: sender,
            text: data.stringMember("text"), elements: data["elements"], toolCalls: data["toolCalls"],
            toolCallID: data.identifierMember("toolCallId"), receiver: receiver, metadata: data.objectMember("metadata"))
    }
}
