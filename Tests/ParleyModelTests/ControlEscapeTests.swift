import ParleyModel
import Testing

/// Text shown on a terminal spells out every character that could drive it.
@Suite("control characters escaped for the terminal")
struct ControlEscapeTests {
    @Test("ESC, CR, LF, NUL, BEL and the other named C0 controls get their short escapes")
    func named() {
        #expect("\u{1B}[2J\r\n\0\u{7}\t\u{8}\u{C}\u{B}".escapingControls == #"\e[2J\r\n\0\a\t\b\f\v"#)
    }

    @Test("the rest of C0, DEL, C1 and the bidirectional overrides, embeddings and isolates are spelled by code point")
    func byCodePoint() {
        #expect("a\u{1}b\u{1F}c\u{7F}d\u{85}e\u{9B}f".escapingControls == #"a\u{1}b\u{1F}c\u{7F}d\u{85}e\u{9B}f"#)
        #expect("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{2028}\u{2029}".escapingControls
            == #"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{2028}\u{2029}"#)
    }

    @Test("every escaped text holds no control at all, and CR LF (one Character in Swift) is both escapes")
    func noControlLeft() {
        let every = String(String.UnicodeScalarView((0...0x10FF).compactMap(Unicode.Scalar.init))) + "\u{202E}\u{2066}"
        let escaped = every.escapingControls
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect("a\r\nb".escapingControls == #"a\r\nb"#)
    }

    @Test("printable text, backslashes and other languages are left alone, so escaping twice changes nothing")
    func untouched() {
        let text = #"Grüße, 注文 A-1042 \e is a backslash and an e; مرحبا ✓"#
        #expect(text.escapingControls == text)
        let once = "\u{1B}[31mred\u{7}\r".escapingControls
        #expect(once.escapingControls == once)
    }
}
