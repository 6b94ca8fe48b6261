/// Text made safe for XML 1.0: markup characters escaped, and characters XML 1.0 cannot carry at
/// all (most C0 controls, U+FFFE, U+FFFF) written out as `\u0007` so nothing is silently lost.
enum XMLText {
    /// `text` escaped for element content or an attribute value in double quotes.
    ///
    /// Newlines, carriage returns and tabs become character references, which attribute values
    /// need to survive parsing and which keep a `\r` in element text from being normalised away.
    static func escape(_ text: String) -> String {
        escape(text, keepingLineFeeds: false)
    }

    /// `text` escaped for element content that people read in the file too (a `system-out`
    /// transcript): as `escape(_:)`, but a line feed stays a line break.
    static func escapeLines(_ text: String) -> String {
        escape(text, keepingLineFeeds: true)
    }

    private static func escape(_ text: String, keepingLineFeeds: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += keepingLineFeeds ? "\n" : "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case _ where isAllowed(scalar): out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return out
    }

    /// Whether XML 1.0's `Char` production admits the scalar (surrogates never reach a Swift string).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xFFFD: return true
        case 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
