import ParleyCore
import ParleyModel

/// Logs the user in as the SDK does (protocols/cometchat-sdk.md §1): the auth token over REST
/// (cached per connector), `PUT /me` for the JWT and the app's settings, `GET /settings` when
/// `/me` carries none, and the socket's address from them unless `websocket_url` overrides it.
struct CometChatSignIn: Sendable {
    let settings: CometChatSettings
    let rest: CometChatRestClient
    let tokens: AuthTokenCache
    let deviceID: String

    /// The auth token and the credentials the socket needs; a failed step throws, naming it.
    func login() async throws(ConnectorError) -> (authToken: String, credentials: CometChatCredentials) {
        let token = try await tokens.token { [rest] () throws(ConnectorError) in try await rest.authToken() }
        let me = try await rest.me(authToken: token, deviceID: deviceID)
        guard case .string(let jwt)? = me["jwt"], !jwt.isEmpty else {
            let shape = CometChatRestClient.keys(of: .object([JSONMember("data", me)]))
            throw ConnectorError("CometChat's PUT \(rest.shownPath("/me")) answered without data.jwt: \(shape)")
        }
        if let override = settings.websocketURL { return (token, CometChatCredentials(jwt: jwt, socketURL: override)) }
        var appSettings = me["settings"] ?? .null
        if case .object = appSettings {} else { appSettings = try await rest.appSettings(authToken: token, deviceID: deviceID) }
        switch CometChatSocketAddress.url(settings: appSettings, plain: settings.plainSocket) {
        case .success(let url): return (token, CometChatCredentials(jwt: jwt, socketURL: url))
        case .failure(let problem):
            let source = me["settings"] == nil ? "GET \(rest.shownPath("/settings"))" : "PUT \(rest.shownPath("/me"))"
            throw ConnectorError("CometChat's \(source) gave no socket address: \(problem.message); set `websocket_url` to name it")
        }
    }
}
