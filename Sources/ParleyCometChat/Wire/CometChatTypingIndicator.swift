import ParleyModel

/// A `typing_indicator` frame (PARLEY shape: `body: {sender, receiver, receiverType, action: started|ended}`).
public struct CometChatTypingIndicator: Hashable, Sendable {
    public var sender: String
    public var receiver: String?
    public var receiverType: String?
    public var isTyping: Bool
    /// The whole frame.
    public var json: JSONValue

    /// Creates an indicator.
    public init(sender: String, receiver: String? = nil, receiverType: String? = nil, isTyping: Bool, json: JSONValue = .object([])) {
        self.sender = sender
        self.receiver = receiver
        self.receiverType = receiverType
        self.isTyping = isTyping
        self.json = json
    }

    /// Reads the frame, or nil when it is not in the contract's shape. CometChat's own typing
    /// frames were never traced, so an unreadable one is kept as raw traffic rather than failing
    /// the flow.
    init?(_ json: JSONValue, envelope: CometChatEnvelope) {
        let body = json.objectMember("body") ?? .object([])
        let isTyping: Bool
        switch body.stringMember("action") {
        case "started"?: isTyping = true
        case "ended"?: isTyping = false
        default: return nil
        }
        guard let sender = body.stringMember("sender") ?? envelope.sender else { return nil }
        self.init(
            sender: sender, receiver: body.stringMember("receiver") ?? envelope.receiver,
            receiverType: body.stringMember("receiverType") ?? envelope.receiverType, isTyping: isTyping, json: json)
    }
}
