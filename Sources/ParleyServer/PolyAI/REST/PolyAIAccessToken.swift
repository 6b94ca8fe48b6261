import Foundation
import ParleyModel

/// The access tokens the server mints: JWT-shaped (three base64url parts, a payload with `sub`,
/// `iat` and `exp`), as the SDK checks structurally, but not signed: the third part is a random
/// tag and the server accepts only tokens it issued itself, by lookup.
enum PolyAIAccessToken {
    /// A new token expiring `lifetime` after `now`; each has a new `sub`, as PolyAI mints a new
    /// user per token.
    static func mint(lifetime: Duration, now: Date) -> String {
        let issued = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"none","typ":"JWT"}"#
        let payload =
            #"{"sub":"user-\#(RandomID.string())","iss":"parley-serve","iat":\#(issued),"exp":\#(issued + seconds(lifetime))}"#
        var tag = [UInt8](repeating: 0, count: 24)
        for index in tag.indices { tag[index] = UInt8.random(in: .min ... .max) }
        return [Data(header.utf8), Data(payload.utf8), Data(tag)].map(base64URL).joined(separator: ".")
    }

    /// `lifetime` in whole seconds for `expires_in` and `exp`, rounded up so that a test's
    /// sub-second lifetime does not read as 0 (already expired).
    static func seconds(_ lifetime: Duration) -> Int {
        Int((lifetime / .seconds(1)).rounded(.up))
    }

    /// Base64 with `-` and `_` for `+` and `/` and no padding, mapped by byte (Foundation's string
    /// search, three times, was most of the cost of issuing a token).
    static func base64URL(_ data: Data) -> String {
        let bytes = data.base64EncodedString().utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): return UInt8(ascii: "-")
            case UInt8(ascii: "/"): return UInt8(ascii: "_")
            case UInt8(ascii: "="): return nil
            default: return byte
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
