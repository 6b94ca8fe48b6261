import ParleyModel

/// One REST request as a ``CometChatServer`` received it, for tests that check what a client sent.
public struct CometChatRecordedRequest: Hashable, Sendable {
    /// `GET`, `POST`, `PATCH`…
    public var method: String
    /// The path, without the query: `/v3/messages`.
    public var path: String
    /// Every header, by lowercased name; repeated headers joined with `, `.
    public var headers: [String: String]
    /// The body as JSON; nil when it was empty or not JSON.
    public var body: JSONValue?

    /// Creates a recorded request.
    public init(method: String, path: String, headers: [String: String], body: JSONValue?) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
