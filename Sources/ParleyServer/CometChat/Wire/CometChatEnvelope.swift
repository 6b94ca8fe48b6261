import ParleyModel

/// The envelope every server event has (wire contract, "Realtime"):
/// `{appId, receiver, receiverType, sender, deviceId: "parley-server", type, body}`.
struct CometChatEnvelope: Hashable, Sendable {
    var appID: String
    var receiver: String
    var receiverType: String
    var sender: String
    /// `interaction_completed` only: who sent the interactive message.
    var messageSender: String?

    /// The device id of every frame the server sends: no client has it, so none drops a frame as its own echo.
    static let deviceID = "parley-server"

    /// An envelope for a frame about `address` from `sender`.
    init(appID: String, address: CometChatAddress, sender: String, messageSender: String? = nil) {
        self.appID = appID
        receiver = address.receiver
        receiverType = address.receiverType
        self.sender = sender
        self.messageSender = messageSender
    }

    /// The frame's text: the envelope around `body`, one JSON object on one line.
    func text(type: String, body: JSONValue) -> String {
        var members = [
            JSONMember("appId", .string(appID)), JSONMember("receiver", .string(receiver)),
            JSONMember("receiverType", .string(receiverType)), JSONMember("sender", .string(sender)),
        ]
        if let messageSender { members.append(JSONMember("messageSender", .string(messageSender))) }
        members += [JSONMember("deviceId", .string(Self.deviceID)), JSONMember("type", .string(type)), JSONMember("body", body)]
        return JSONValue.object(members).serialized()
    }

    /// The body of a `streamed_message` frame: `{type, id: <runId>, conversationId, parentId: "", data}`.
    static func streamed(_ event: String, runID: Int, conversationID: String, data: JSONValue) -> JSONValue {
        .object([
            JSONMember("type", .string(event)), JSONMember("id", .number(Double(runID))),
            JSONMember("conversationId", .string(conversationID)), JSONMember("parentId", ""), JSONMember("data", data),
        ])
    }
}
