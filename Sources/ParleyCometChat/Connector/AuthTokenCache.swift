import ParleyCore

/// The user's auth token, fetched once per connector: every `POST /users/{uid}/auth_tokens` makes
/// a token CometChat keeps, so a suite of flows (or a health check every few minutes) asks once,
/// not once per flow. A failed fetch is not kept; the next session asks again.
actor AuthTokenCache {
    private var token: String?

    /// The cached token, or the one `fetch` gets (then cached).
    func token(_ fetch: @Sendable () async throws(ConnectorError) -> String) async throws(ConnectorError) -> String {
        if let token { return token }
        let fresh = try await fetch()
        token = fresh
        return fresh
    }
}
