import ParleyModel

/// An `interaction_completed` frame: the server's word that an interactive message's goal is met
/// (protocols/cometchat.md 4.3).
public struct CometChatInteractionReceipt: Hashable, Sendable {
    public var envelope: CometChatEnvelope
    /// The interactive message's numeric id (`body.messageId`).
    public var messageID: Int
    /// Who interacted (`body.user.uid`).
    public var user: String?
    /// The interactive message's sender (top-level `messageSender`).
    public var messageSender: String?
    public var interactions: [Interaction]
    /// The whole frame.
    public var json: JSONValue

    /// Creates a receipt.
    public init(
        envelope: CometChatEnvelope, messageID: Int, user: String? = nil, messageSender: String? = nil,
        interactions: [Interaction] = [], json: JSONValue = .object([])
    ) {
        self.envelope = envelope
        self.messageID = messageID
        self.user = user
        self.messageSender = messageSender
        self.interactions = interactions
        self.json = json
    }

    /// Decodes the frame; fails without a numeric `body.messageId`.
    public static func decode(_ json: JSONValue, envelope: CometChatEnvelope) -> Result<CometChatInteractionReceipt, CometChatViolation> {
        guard let body = json.objectMember("body"), let messageID = body.integerMember("messageId") else {
            let frame = CometChatViolation.excerpt(json.serialized())
            return .failure(CometChatViolation("CometChat sent an interaction_completed frame without a numeric body.messageId: \(frame)"))
        }
        let user = body.objectMember("user")?.stringMember("uid") ?? body.stringMember("user")
        return .success(
            CometChatInteractionReceipt(
                envelope: envelope, messageID: messageID, user: user, messageSender: json.stringMember("messageSender"),
                interactions: Interaction.list(body["interactions"]), json: json))
    }
}
