import Foundation

/// The socket's address (§3): the WebSocket base with its query replaced by `access_token`,
/// `session_id` and, once a sequence has been seen, `cursor` as a plain integer (never `seq:`).
public enum PolyAISocketURL {
    /// The URL to open for `sessionID` with `token`, resuming after `cursor` when it is positive.
    public static func make(base: String, token: String, sessionID: String, cursor: Int) -> String {
        var components = URLComponents(string: base) ?? URLComponents()
        components.queryItems =
            [URLQueryItem(name: "access_token", value: token), URLQueryItem(name: "session_id", value: sessionID)]
            + (cursor > 0 ? [URLQueryItem(name: "cursor", value: String(cursor))] : [])
        return components.string ?? base
    }
}
