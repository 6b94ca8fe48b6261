/// Text made safe for the status page: everything a check, an agent or a flow wrote goes through
/// `escape`, so a reply holding `<script>` is shown, never run.
enum HTML {
    /// `text` as HTML character data or a quoted attribute value: `&`, `<`, `>`, `"` and `'`
    /// escaped, and control characters other than line breaks and tabs spelt out (`\u{1B}`), so
    /// terminal colours in a message do not reach the page as invisible bytes.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": continue
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
