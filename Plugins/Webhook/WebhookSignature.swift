import Crypto

/// The `X-Parley-Signature` header: `sha256=` and the lowercase hex HMAC-SHA256 of the exact body
/// bytes, keyed with the webhook's `secret`. Receivers recompute it to trust the body.
public enum WebhookSignature {
    /// The header's name.
    public static let headerName = "X-Parley-Signature"

    /// `sha256=5f2b…` for `body` under `secret`.
    public static func value(body: [UInt8], secret: String) -> String {
        let key = SymmetricKey(data: Array(secret.utf8))
        let code = HMAC<SHA256>.authenticationCode(for: body, using: key)
        return "sha256=" + hex(Array(code))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
