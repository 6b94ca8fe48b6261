import ParleyModel

/// CometChat's ids and times are whole numbers; one out of ``NumberBounds`` cannot be what the
/// server meant, so the frame breaks the wire contract and the flow fails saying which field.
/// (Without this check such an id read as absent, and the violation named the wrong cause.)
extension JSONValue {
    /// The fields CometChat fills with whole numbers (ids, run ids, codes, epoch times).
    static let cometChatWholeKeys = [
        "id", "runId", "messageId", "code", "sentAt", "updatedAt", "deliveredAt", "readAt", "interactedAt", "cardId",
        "toolCallId", "streamMessageId",
    ]

    /// The first of these fields holding a number out of range, here, in `body` or in `data`
    /// (nested as the frames nest them), as `body.data.runId 1e+300`; nil when all are in range.
    func cometChatNumberOutOfRange(at path: String = "") -> String? {
        guard case .object(let members) = self else { return nil }
        for member in members {
            let name = path + member.key
            switch member.value {
            case .number(let number) where Self.cometChatWholeKeys.contains(member.key):
                if Int(checked: number.rounded()) == nil { return "\(name) \(NumberBounds.show(number))" }
            case .object where member.key == "body" || member.key == "data":
                if let found = member.value.cometChatNumberOutOfRange(at: name + ".") { return found }
            case .null, .bool, .number, .string, .array, .object:
                break
            }
        }
        return nil
    }
}
