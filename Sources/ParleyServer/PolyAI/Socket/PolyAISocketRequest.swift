import Foundation

/// The upgrade request's target, read (polyai-messaging.md 3 and 16): `/ws` with `access_token`,
/// `session_id` and `cursor` in the query.
struct PolyAISocketRequest: Hashable, Sendable {
    var path: String
    var accessToken: String?
    var sessionID: String?
    /// The last sequence the client has: a plain integer, or `seq:<n>` (still accepted by PolyAI);
    /// anything else (missing, negative, not a number) is 0, the whole history.
    var cursor: Int

    init(target: String) {
        let components = URLComponents(string: target)
        path = components?.path ?? target
        let items = components?.queryItems ?? []
        func value(_ name: String) -> String? {
            items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
        }
        accessToken = value("access_token")
        sessionID = value("session_id")
        cursor = Self.cursor(value("cursor"))
    }

    static func cursor(_ text: String?) -> Int {
        guard var text else { return 0 }
        if text.hasPrefix("seq:") { text.removeFirst(4) }
        guard let number = Int(text), number >= 0 else { return 0 }
        return number
    }
}
