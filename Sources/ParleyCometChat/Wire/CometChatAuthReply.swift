import ParleyModel

/// The server's answer to the auth frame: `{"type":"auth","body":{"code":"200","status":"OK"}}` (the code a string or a number), or
/// code 401 with a message before it closes the socket.
public struct CometChatAuthReply: Hashable, Sendable {
    public var code: Int
    public var status: String?
    public var message: String?

    /// Creates a reply.
    public init(code: Int, status: String? = nil, message: String? = nil) {
        self.code = code
        self.status = status
        self.message = message
    }

    /// Whether the socket is authenticated: code 200 and status OK, as both SDKs require.
    public var isSuccess: Bool { code == 200 && status?.lowercased() == "ok" }

    /// Decodes the frame; fails without a whole `body.code` (a number, or text as the JavaScript
    /// SDK compares it).
    static func decode(_ json: JSONValue) -> Result<CometChatAuthReply, CometChatViolation> {
        guard let body = json.objectMember("body"), let code = body.integerMember("code") else {
            let frame = CometChatViolation.excerpt(json.serialized())
            return .failure(CometChatViolation("CometChat sent an auth frame without a whole-number body.code: \(frame)"))
        }
        return .success(CometChatAuthReply(code: code, status: body.stringMember("status"), message: body.stringMember("message")))
    }
}
