import ParleyModel

/// A REST failure as CometChat answers it: a status and `{"error": {"code", "message"}}`.
struct CometChatRestError: Error, Hashable, Sendable {
    var status: Int
    var code: String
    var message: String

    /// 401: the `apikey` header is missing or wrong.
    static func apiKey(_ given: String?) -> Self {
        // The key given is a credential: never echoed.
        let why = given == nil ? "The apikey header is missing." : "The apikey given is not this app's REST API key."
        return Self(status: 401, code: "AUTH_ERR_APIKEY_NOT_FOUND", message: why)
    }

    /// 400: the request acts as a user but names none.
    static let onBehalfOfMissing = Self(
        status: 400, code: "ERR_ON_BEHALF_OF_MISSING", message: "The onBehalfOf header is missing: say which user the request acts as.")

    /// 400: the body is not JSON, or a field is missing or wrong (named in `message`).
    static func badRequest(_ message: String) -> Self {
        Self(status: 400, code: "ERR_BAD_REQUEST", message: message)
    }

    /// 404: no message has this id.
    static func messageNotFound(_ id: String) -> Self {
        Self(status: 404, code: "ERR_MESSAGE_NOT_FOUND", message: "The message id \(id) does not exist.")
    }

    var json: JSONValue {
        .object([JSONMember("error", .object([JSONMember("code", .string(code)), JSONMember("message", .string(message))]))])
    }
}
