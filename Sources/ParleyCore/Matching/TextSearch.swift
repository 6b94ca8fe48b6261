/// `contains:` over text, as `String.contains` judges it (character by character), with a short
/// way for the common case: the standard library's search cost more than the rest of judging a
/// reply (issue 20).
enum TextSearch {
    /// Whether `text` holds `needle`.
    static func contains(_ text: String, _ needle: String) -> Bool {
        asciiContains(text, needle) ?? text.contains(needle)
    }

    /// The answer byte by byte when both are ASCII without a carriage return, where each byte is a
    /// character (CR LF is the one pair of ASCII bytes that makes one character); nil otherwise,
    /// and for an empty needle.
    private static func asciiContains(_ text: String, _ needle: String) -> Bool? {
        var (text, needle) = (text, needle)
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle -> Bool? in
                guard let first = needle.first, isPlain(haystack), isPlain(needle) else { return nil }
                guard needle.count <= haystack.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    var index = 1
                    while index < needle.count, haystack[start + index] == needle[index] { index += 1 }
                    if index == needle.count { return true }
                }
                return false
            }
        }
    }

    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
    }
}
