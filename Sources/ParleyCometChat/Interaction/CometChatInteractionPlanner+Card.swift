import ParleyModel

extension CometChatInteractionPlanner {
    /// Presses a pressable element of a card (schema v1.0): an `apiCall` is made with the action's
    /// own URL, method (POST by default), headers and body; `sendMessage` sends its text; the rest
    /// are recorded. Cards are not interactive messages, so nothing is marked.
    func press(_ elementID: String, ofCard cardID: String, _ card: JSONValue, verb: String) throws(CometChatRefusal) -> [CometChatInteractionStep] {
        let pressable = CometChatCardSchema.pressableElements(in: card)
        guard let element = pressable.first(where: { $0.id == elementID }) else {
            let list =
                pressable.isEmpty
                ? "it has nothing to press" : "its pressable elements: " + pressable.map { "\($0.id) (\($0.type))" }.joined(separator: ", ")
            throw CometChatRefusal("\(verb): card \(JSONValue.quoted(cardID)) has no pressable element \(JSONValue.quoted(elementID)); \(list)")
        }
        let action = element.action
        let type = action.stringMember("type") ?? ""
        let label = "\(element.type) \(JSONValue.quoted(elementID)) of card \(JSONValue.quoted(cardID))"
        switch type {
        case "apiCall":
            guard let url = action.nonEmptyStringMember("url") else { throw CometChatRefusal("\(verb): \(label) has an apiCall with no url") }
            return [
                .call(
                    CometChatActionCall(
                        messageID: cardID, elementID: elementID, actionType: type, method: action.nonEmptyStringMember("method") ?? "POST",
                        url: url, headers: CometChatActionCall.headers(action["headers"]), body: action["body"]))
            ]
        case "sendMessage":
            guard let text = action.stringMember("text") else { throw CometChatRefusal("\(verb): \(label) has a sendMessage with no text") }
            return [.sendText(text)]
        case "openUrl", "downloadFile":
            let record = PerformedAction(
                messageID: cardID, elementID: elementID, type: type, url: action.stringMember("url"), payload: Self.details(action))
            return [.record(record)]
        default:
            // chatWithUser, chatWithGroup, copyToClipboard, initiateCall, customCallback: what the
            // action names goes into the record's payload.
            return [.record(PerformedAction(messageID: cardID, elementID: elementID, type: type, payload: Self.details(action)))]
        }
    }

    /// The action's members other than `type` and `url`, or nil when there are none.
    static func details(_ action: JSONValue) -> JSONValue? {
        guard case .object(let members) = action else { return nil }
        let rest = members.filter { $0.key != "type" && $0.key != "url" }
        return rest.isEmpty ? nil : .object(rest)
    }
}
