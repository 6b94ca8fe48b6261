import ParleyCore
import ParleyModel

/// An HTTP call a pressed button makes: its method, URL, headers and JSON body.
public struct CometChatActionCall: Hashable, Sendable {
    /// The interactive message's or card's flow id.
    public var messageID: String
    /// The pressed element.
    public var elementID: String
    /// `apiAction` (interactive messages) or `apiCall` (cards).
    public var actionType: String
    public var method: String
    public var url: String
    /// The action's own headers; the session adds `Content-Type` when there is a body.
    public var headers: [String: String]
    public var body: JSONValue?

    /// Creates a call.
    public init(
        messageID: String, elementID: String, actionType: String, method: String, url: String, headers: [String: String] = [:],
        body: JSONValue? = nil
    ) {
        self.messageID = messageID
        self.elementID = elementID
        self.actionType = actionType
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The record of the call once answered: the status, and the answer as JSON when it parses,
    /// else as text (nil when empty).
    public func performed(status: Int, body answer: [UInt8]) -> PerformedAction {
        let text = String(decoding: answer, as: UTF8.self)
        let response: JSONValue? = answer.isEmpty ? nil : ((try? JSONValue(parsing: text)) ?? .string(text))
        return PerformedAction(
            messageID: messageID, elementID: elementID, type: actionType, url: url, method: method, payload: body, status: status,
            response: response)
    }

    /// The record of a call that got no answer.
    public func failed(_ error: String) -> PerformedAction {
        PerformedAction(messageID: messageID, elementID: elementID, type: actionType, url: url, method: method, payload: body, error: error)
    }

    /// An action's `headers` object as text pairs; values that are not strings are written as JSON.
    static func headers(_ value: JSONValue?) -> [String: String] {
        guard case .object(let members)? = value else { return [:] }
        var headers: [String: String] = [:]
        for member in members { headers[member.key] = member.value.stringText ?? member.value.serialized() }
        return headers
    }
}
