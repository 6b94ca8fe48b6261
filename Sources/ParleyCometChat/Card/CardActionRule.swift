/// What the card schema v1.0 allows on one action type (`additionalProperties: false` on each).
struct CardActionRule: Sendable {
    /// Keys besides `type`.
    var allowed: Set<String>
    /// String keys it must carry.
    var required: [String]

    init(_ allowed: [String], required: [String] = []) {
        self.allowed = Set(allowed)
        self.required = required
    }

    /// The action types and their rules; `initiateCall`'s `uid` or `guid` is checked on its own.
    static let byType: [String: CardActionRule] = [
        "openUrl": CardActionRule(["url", "openIn"], required: ["url"]),
        "chatWithUser": CardActionRule(["uid"], required: ["uid"]),
        "chatWithGroup": CardActionRule(["guid"], required: ["guid"]),
        "sendMessage": CardActionRule(["text", "receiverUid", "receiverGuid"], required: ["text"]),
        "copyToClipboard": CardActionRule(["value"], required: ["value"]),
        "downloadFile": CardActionRule(["url", "filename"], required: ["url"]),
        "initiateCall": CardActionRule(["callType", "uid", "guid"], required: ["callType"]),
        "apiCall": CardActionRule(["url", "method", "headers", "body"], required: ["url"]),
        "customCallback": CardActionRule([]),
    ]

    /// `apiCall` methods.
    static let methods: Set<String> = ["GET", "POST", "PUT", "DELETE"]
}
