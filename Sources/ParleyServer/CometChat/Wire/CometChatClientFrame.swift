import Foundation
import ParleyCore
import ParleyModel

/// A text frame from a client, read (wire contract, "Realtime"): the auth frame, a keep-alive
/// ping, or anything else, which the server ignores once the socket is authenticated.
enum CometChatClientFrame: Hashable, Sendable {
    /// `{"appId", "type": "auth", "body": {"auth": <token>, …}}`; nil when a field is missing.
    case auth(appID: String?, token: String?)
    /// `{"action": "ping"}` (PARLEY).
    case ping
    /// Any other JSON object.
    case other
    /// Not a JSON object.
    case invalid

    init(text: String) {
        guard let json = try? JSONValue(parsing: text), case .object = json else {
            self = .invalid
            return
        }
        if json["action"] == .string("ping") {
            self = .ping
        } else if json["type"] == .string("auth") {
            self = .auth(appID: Self.string(json["appId"]), token: Self.string(json["body"]?["auth"]))
        } else {
            self = .other
        }
    }

    private static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value, !text.isEmpty { return text }
        return nil
    }
}
