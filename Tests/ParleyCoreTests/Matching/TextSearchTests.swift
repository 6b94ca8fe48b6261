import ParleyTesting
import Testing

@testable import ParleyCore

/// `TextSearch` compares ASCII byte by byte: it must answer what `String.contains` answers, which
/// compares characters (where CR LF is one character and é may be two scalars).
@Suite struct TextSearchTests {
    @Test("fixed cases: CR LF, combining marks, empty needles, needles longer than the text")
    func fixed() {
        let cases: [(String, String)] = [
            ("pong 1", "pong"), ("ping", "pong"), ("a\r\nb", "\n"), ("a\r\nb", "\r"), ("a\r\nb", "\r\n"), ("a\nb", "\n"),
            ("cafe\u{301}", "cafe"), ("café", "cafe"), ("abc", ""), ("", ""), ("", "a"), ("ab", "abc"), ("aaab", "aab"),
            ("the order A-1 is on its way", "A-1"), ("x", "x"),
        ]
        for (text, needle) in cases {
            #expect(TextSearch.contains(text, needle) == text.contains(needle), "\(text.debugDescription) \(needle.debugDescription)")
        }
    }

    @Test("20,000 seeded texts and needles give what String.contains gives")
    func seeded() {
        var random = SeededGenerator(seed: 2026_11_29)
        let pieces = ["a", "b", "ab", " ", "\r", "\n", "\r\n", "é", "e", "\u{301}", "👍", "A"]
        func text(_ most: Int) -> String {
            (0..<Int.random(in: 0...most, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<20_000 {
            let (haystack, needle) = (text(8), text(3))
            #expect(TextSearch.contains(haystack, needle) == haystack.contains(needle), "\(haystack.debugDescription) \(needle.debugDescription)")
        }
    }
}
