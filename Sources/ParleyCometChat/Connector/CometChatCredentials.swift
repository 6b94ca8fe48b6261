/// What the login through the client API gave: the JWT the socket authenticates with, and where
/// the socket is.
struct CometChatCredentials: Sendable {
    /// From `PUT /me` (`data.jwt`); a secret, never written to any output.
    var jwt: String
    /// `websocket_url`, or the address the app's settings give.
    var socketURL: String
}
