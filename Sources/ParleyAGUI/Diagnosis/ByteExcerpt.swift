/// The first bytes of something that is not what was expected, shown so a terminal and a report
/// can hold them: printable ASCII as is, `\r`, `\n`, `\t`, `\"` and `\\` escaped, any other byte as
/// `\xHH`; cut at `limit` bytes with `…`. `"SSH-2.0-OpenSSH\r\n"`, `"\x89PNG\r\n\x1a\n\x00…"`.
public enum ByteExcerpt {
    /// The default cut: enough to recognise a protocol, short enough for one line.
    public static let limit = 48

    /// `bytes` quoted and escaped, cut at `limit`.
    public static func quoted(_ bytes: some Collection<UInt8>, limit: Int = ByteExcerpt.limit) -> String {
        var text = "\""
        for byte in bytes.prefix(limit) {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text + (bytes.count > limit ? "…\"" : "\"")
    }

    /// Whether `bytes`, the start of a body, cannot be a text stream: a control byte other than
    /// tab, CR and LF, or a byte that is not UTF-8 (an incomplete character at the end is fine).
    public static func isBinary(_ bytes: some Collection<UInt8>) -> Bool {
        if bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F }) { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var decoded = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded += String(scalar).utf8.count
            case .emptyInput: return false
            case .error: return bytes.count - decoded > 3
            }
        }
    }
}
