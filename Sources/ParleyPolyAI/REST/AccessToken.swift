import Foundation
import ParleyCore
import ParleyModel

/// A PolyAI access token (a JWT) and when it stops being usable (§2.5): a token with no `exp`
/// never expires; one that is not three dot-separated parts with a JSON middle is unusable.
public struct AccessToken: Sendable, Hashable {
    /// The token as sent in `access_token=` and `Authorization: Bearer`.
    public var value: String
    /// Seconds since 1970 from the `exp` claim; nil when the token has none.
    public var expiresAt: Double?
    /// False when the token is not a well-formed JWT.
    public var isWellFormed: Bool

    /// Reads the claims of `value`; never throws, a token it cannot read is just not well formed.
    public init(_ value: String) {
        self.value = value
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let claims = Self.decodeBase64URL(String(parts[1])),
            let object = try? JSONValue(parsing: String(decoding: claims, as: UTF8.self)), case .object = object
        else {
            expiresAt = nil
            isWellFormed = false
            return
        }
        switch object["exp"] {
        case nil, .null?:
            expiresAt = nil
            isWellFormed = true
        case .number(let seconds)?:
            expiresAt = seconds
            isWellFormed = true
        case .some:
            // A non-numeric `exp` makes the token invalid, as in the SDK.
            expiresAt = nil
            isWellFormed = false
        }
    }

    /// Whether the token must be replaced before connecting at `now` (seconds since 1970): it is
    /// malformed, or it expires within `margin` seconds (5 s of clock skew allowed, as the SDK).
    public func needsRefresh(now: Double, margin: Double) -> Bool {
        guard isWellFormed else { return true }
        guard let expiresAt else { return false }
        return expiresAt + 5 - margin <= now
    }

    static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
