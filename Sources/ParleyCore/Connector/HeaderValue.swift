/// What an HTTP header value may hold (RFC 9110 section 5.5: visible characters, spaces and tabs).
/// A setting that becomes a header, a secret most often, is checked before anything is sent: a
/// line break in it would end the header early, and the HTTP client's own refusal quotes the value.
public enum HeaderValue {
    /// What in `value` a header cannot carry, described and never quoted ("a line break"), or nil
    /// when `value` can be sent as it is.
    public static func problem(in value: String) -> String? {
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: return "a line break"
            case 0x09: continue
            case 0x00...0x1F, 0x7F: return "a control character (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(4)))"
            default: continue
            }
        }
        return nil
    }

    /// The refusal for header `name`, which setting `setting` fills: it names both, never the value.
    public static func refusal(header name: String, setting: String, problem: String) -> String {
        "`\(setting)` is sent as header \(name) and holds \(problem), which a header cannot carry (the value is not shown)"
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
