import ParleyParser
import ParleyTesting
import Testing

/// SourceText finds its lines byte by byte; they must be the lines `Character.isNewline` finds,
/// which is what code frames and carets counted on before.
@Suite("source text lines")
struct SourceTextTests {
    static func byCharacter(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    static func lines(_ text: String) -> [String] {
        SourceText(path: "f", text: text).lines.map(String.init)
    }

    @Test(
        "every newline Character splits, CR LF once, and nothing else does",
        arguments: [
            "", "a", "\n", "\n\n", "a\nb", "a\n", "a\r\nb", "a\rb", "a\r\r\nb", "a\n\rb", "\r\n\r\n", "\r",
            "a\u{0B}b\u{0C}c", "a\u{85}b", "a\u{2028}b\u{2029}c", "a\u{2027}b\u{202A}c", "a\u{C285}b",
            "é\n\u{301}x", "👩‍👩‍👧\r\n🇫🇷\n", "tab\there", "\u{85}", "\u{2029}", "ends with \u{E2}\u{80}",
            "steps:\n  - send: \"${x}\"\r\n  - expect: Ünïcödé\u{2028}\n",
        ])
    func sameAsCharacters(text: String) {
        #expect(Self.lines(text) == Self.byCharacter(text), "\(Array(text.unicodeScalars))")
    }

    @Test("random text of newline scalars, multi-byte neighbours and plain letters splits as Characters do")
    func randomText() {
        let pieces: [String] = ["a", "ß", "é", "\u{301}", "€", "\u{2028}", "\u{2029}", "\u{85}", "\u{C0}", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "🙂", " "]
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0..<24, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(Self.lines(text) == Self.byCharacter(text), "\(Array(text.unicodeScalars))")
        }
    }
}
