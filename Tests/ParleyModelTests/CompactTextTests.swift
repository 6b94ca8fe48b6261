import Foundation
import ParleyModel
import ParleyTesting
import Testing

/// `compactText()` is written straight; it must stay the indented text with each line's indent
/// dropped and the lines joined by a space, which is how it was defined, and what transcripts
/// and messages already hold.
@Suite struct CompactTextTests {
    /// The definition it replaced, kept as the reference.
    static func byLines(_ value: JSONValue) -> String {
        value.prettyPrinted().split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
    }

    @Test("fixed values: scalars, empty and nested containers, keys and strings that need escapes")
    func fixed() {
        let values: [JSONValue] = [
            .null, true, 0, -3, .number(1.5), .number(1e20), "", " leading space", "a\nb\r\tc\u{1}",
            "quote \" and \\ backslash", "é\u{301} combining, NEL \u{85}, LS \u{2028}, emoji 👍🏽",
            [], .object([]), [[]], [.object([])], [1, "two", [3, [4]]],
            .object([
                JSONMember("a", 1), JSONMember("b", [2, 3]), JSONMember("c", .object([JSONMember("d", .object([])), JSONMember("e", [])])),
                JSONMember(" spaced key ", "v"), JSONMember("new\nline", "k"),
            ]),
        ]
        for value in values {
            #expect(value.compactText() == Self.byLines(value), "\(value)")
        }
        #expect(JSONValue.object([JSONMember("a", 1), JSONMember("b", [2, "x"])]).compactText() == #"{ "a": 1, "b": [ 2, "x" ] }"#)
    }

    @Test("2,000 seeded random values give the same text both ways")
    func seeded() {
        var random = SeededGenerator(seed: 2026_11_28)
        for _ in 0..<2_000 {
            let value = Self.value(depth: 3, &random)
            #expect(value.compactText() == Self.byLines(value), "\(value)")
        }
    }

    @Test("a string literal is what escaping scalar by scalar gives, plain text copied whole or not")
    func quoted() {
        var random = SeededGenerator(seed: 2026_11_29)
        let texts = Self.pieces + (0..<2_000).map { _ in Self.text(&random) }
        for text in texts {
            #expect(JSONValue.quoted(text) == Self.escaped(text), "\(text.debugDescription)")
            #expect(JSONValue.string(text).serialized() == Self.escaped(text))
            #expect(JSONValue.object([JSONMember(text, 1)]).serialized() == "{\(Self.escaped(text)):1}")
        }
    }

    /// The reference: every scalar looked at, as JSON (RFC 8259, section 7) asks.
    static func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static let pieces = [" ", "  ", "a", "Z", "\n", "\r\n", "\t", "\"", "\\", "\u{0}", "\u{1f}", "\u{85}", "\u{2028}", "\u{301}", "é", "한", "👍🏽", ",", ":", "{", "]"]

    static func value(depth: Int, _ random: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            let numbers: [Double] = [0, -1, 42, 1e15, 1e16, -2.5, 0.1, Double(Int.random(in: -1_000_000...1_000_000, using: &random))]
            return .number(numbers.randomElement(using: &random)!)
        case 3, 4: return .string(text(&random))
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth - 1, &random) })
        default:
            return .object((0..<Int.random(in: 0...4, using: &random)).map { _ in JSONMember(text(&random), value(depth: depth - 1, &random)) })
        }
    }

    static func text(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
}
