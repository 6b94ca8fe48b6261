import ParleyModel

/// The bodies Parley sends, in one place so their shapes are pinned by tests against the wire
/// contract's literal JSON. Members keep the contract's order.
public enum CometChatOutgoing {
    /// `POST /users/{uid}/auth_tokens`: an empty object.
    public static let authTokenRequest: JSONValue = .object([])

    /// `POST /messages`: a text message from the user to the agent or group, with the client's `muid`.
    public static func textMessage(_ text: String, to peer: CometChatPeer, muid: String) -> JSONValue {
        .object([
            JSONMember("receiver", .string(peer.receiver)), JSONMember("receiverType", .string(peer.receiverType.rawValue)),
            JSONMember("category", "message"), JSONMember("type", "text"), JSONMember("data", .object([JSONMember("text", .string(text))])),
            JSONMember("muid", .string(muid)),
        ])
    }

    /// `PATCH /messages/{id}/interacted`: the elements interacted with.
    public static func interacted(elementIDs: [String]) -> JSONValue {
        .object([JSONMember("interactions", .array(elementIDs.map(JSONValue.string)))])
    }

    /// The body of a button's `apiAction` request, as the UI kit builds it: the app, the trigger,
    /// the action's own `payload` (`{}` when it has none) and what was interacted with, plus
    /// `formData` for forms or `schedulerData` for schedulers (neither for card buttons).
    /// `interactedBy` is the user's uid.
    public static func apiActionBody(
        appID: String, region: String, payload: JSONValue?, message: CometChatMessage, interactedBy: String, elementID: String,
        submission: CometChatSubmission?
    ) -> JSONValue {
        var data: [JSONMember] = [
            JSONMember("conversationId", .string(message.conversationID ?? "")), JSONMember("sender", .string(message.sender)),
            JSONMember("receiver", .string(message.receiver ?? "")), JSONMember("receiverType", .string(message.receiverType ?? "user")),
            JSONMember("messageCategory", "interactive"), JSONMember("messageId", .number(Double(message.id))),
            JSONMember("messageType", .string(message.type)), JSONMember("interactionTimezoneCode", "UTC"),
            JSONMember("interactedBy", .string(interactedBy)), JSONMember("interactedElementId", .string(elementID)),
        ]
        switch submission {
        case .form(let values)?:
            data.append(JSONMember("formData", .object(values)))
        case .scheduler(let meetStartAt, let duration)?:
            data.append(
                JSONMember(
                    "schedulerData",
                    .object([
                        JSONMember("duration", .number(Double(duration))), JSONMember("meetStartAt", .string(meetStartAt)),
                        JSONMember("messageId", .number(Double(message.id))), JSONMember("conversationId", .string(message.conversationID ?? "")),
                        JSONMember("senderId", .string(interactedBy)),
                    ])))
        case nil:
            break
        }
        return .object([
            JSONMember("appID", .string(appID)), JSONMember("region", .string(region)), JSONMember("trigger", "ui_message_interacted"),
            JSONMember("payload", payload ?? .object([])), JSONMember("data", .object(data)),
        ])
    }
}
