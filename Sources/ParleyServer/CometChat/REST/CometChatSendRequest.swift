import ParleyModel

/// A `POST /messages` body, read (wire contract, REST 2): a text message to a user or a group.
struct CometChatSendRequest: Hashable, Sendable {
    var address: CometChatAddress
    var text: String
    var muid: String?

    /// The request in `body`, or a 400 naming the first field that is missing or wrong.
    static func read(_ body: JSONValue?) -> Result<Self, CometChatRestError> {
        guard let body, case .object = body else { return .failure(.badRequest("The body is not a JSON object.")) }
        guard case .string(let receiver)? = body["receiver"], !receiver.isEmpty else {
            return .failure(.badRequest("receiver is missing or not a string: the uid or guid to send to."))
        }
        let address: CometChatAddress
        if body["receiverType"] == .string("user") {
            address = .user(receiver)
        } else if body["receiverType"] == .string("group") {
            address = .group(receiver)
        } else {
            return .failure(.badRequest("receiverType is missing or not user or group."))
        }
        guard body["category"] == .string("message") else {
            return .failure(.badRequest("category must be message: this server takes text messages only."))
        }
        guard body["type"] == .string("text") else {
            return .failure(.badRequest("type must be text: this server takes text messages only."))
        }
        guard case .string(let text)? = body["data"]?["text"] else {
            return .failure(.badRequest("data.text is missing or not a string."))
        }
        var muid: String?
        switch body["muid"] {
        case nil, .null?: break
        case .string(let given)?: muid = given
        case .bool?, .number?, .array?, .object?: return .failure(.badRequest("muid is not a string."))
        }
        return .success(Self(address: address, text: text, muid: muid))
    }
}
