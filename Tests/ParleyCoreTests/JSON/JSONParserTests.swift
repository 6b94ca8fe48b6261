import Foundation
import ParleyCore
import ParleyModel
import Testing

/// `JSONValue(parsing:)` reads bytes straight into `JSONValue` (issue 20) and answers as the
/// `JSONSerialization` route before it did: the same values, the same texts refused.
@Suite("JSON parsing")
struct JSONParserTests {
    /// What the Foundation route gave: `JSONSerialization`, then the conversion.
    static func reference(_ data: Data) -> JSONValue? {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).flatMap(JSONValue.init(foundation:))
    }

    static let corpus: [String] = [
        // AG-UI events as agents send them.
        #"{"type":"RUN_STARTED","threadId":"thread-8812","runId":"run-3","timestamp":1764213000123}"#,
        #"{"type":"TEXT_MESSAGE_CONTENT","messageId":"msg-12","delta":"Order A-1042 has shipped"}"#,
        #"{"type":"TOOL_CALL_ARGS","toolCallId":"call-1","delta":"{\"order\": \"A-1042\", \"verbose\": true}"}"#,
        #"{"type":"STATE_SNAPSHOT","snapshot":{"cart":{"items":[{"sku":"X-1","qty":2,"price":19.99}],"total":45.48},"user":{"name":"Zoë 😀","tags":[]},"done":false,"note":null}}"#,
        #"{"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a~1b","value":-0.5e-3}]}"#,
        // Every value at the top, whitespace around and inside.
        "null", "true", "false", "0", "-0", "42", "-17", "3.25", "1E2", "1e-2", "-1.5E+3", "\"\"", "[]", "{}",
        " \t\r\n[ 1 , { \"a\" : [ ] } ]\n",
        // Integers near and past what a Double holds exactly, and past Int64.
        "9007199254740993", "-9007199254740993", "123456789012345678", "12345678901234567890", "1e-400",
        // Escapes, a surrogate pair, non-ASCII, DEL.
        #""\"\\\/\b\f\n\r\t\u00e9\u0000\ud83d\ude00\uFFFF""#, "\"naïve ☕ 中文\"", "\"\u{7F}\"",
        // Key order, repeated keys, one trailing comma, a byte order mark.
        #"{"b":1,"a":{"d":1,"c":2},"B":3}"#, #"{"a":1,"a":2}"#, #"{"k":1,"a":0,"k":3}"#, "[1,]", #"{"a":1,}"#, "\u{FEFF}[1]",
        // Refused.
        "", "  ", "[,]", "{,}", "[1,,2]", "[1", "{\"a\"}", "{\"a\":}", "{a:1}", "[1]x", "1 2", "01", "-01", "[01]", "1.", ".5",
        "+1", "-", "1.5e", "1e+", "1e400", "-1e400", "NaN", "Infinity", "tru", "nul", "True", "'a'", "\"a", "\"\\x\"",
        "\"\\u12\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83dx\"", "\"\\ud83d\\u0041\"", "\"a\u{01}b\"", "\"tab\there\"",
        "[\"a\"\n]", "{\"a\" 1}", "[1 2]", "//", "\u{FEFF}",
    ]

    @Test("values and refusals match JSONSerialization's", arguments: corpus)
    func matchesFoundation(text: String) {
        let expected = Self.reference(Data(text.utf8))
        #expect((try? JSONValue(parsing: text)) == expected)
        #expect((try? JSONValue(parsing: Data(text.utf8))) == expected)
    }

    @Test("numbers stay Doubles that print back as integers when whole; keys come out sorted")
    func fidelity() throws {
        let value = try JSONValue(parsing: #"{"ts":1764213000123,"b":[1,2.5,-0,1e3],"a":"x"}"#)
        #expect(
            value == .object([
                JSONMember("a", "x"), JSONMember("b", .array([.number(1), .number(2.5), .number(0), .number(1000)])),
                JSONMember("ts", .number(1_764_213_000_123)),
            ]))
        #expect(value.serialized() == #"{"a":"x","b":[1,2.5,0,1000],"ts":1764213000123}"#)
        #expect(try JSONValue(parsing: "0.1") == .number(0.1))
        #expect(try JSONValue(parsing: "9007199254740993") == .number(9_007_199_254_740_992))
    }

    @Test("the last of a repeated key wins, wherever it stands")
    func repeatedKeys() throws {
        #expect(try JSONValue(parsing: #"{"k":1,"a":0,"k":3,"k":2}"#) == .object([JSONMember("a", 0), JSONMember("k", 2)]))
    }

    @Test("512 levels of nesting are read; 513 are refused, as JSONSerialization does")
    func depth() throws {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect((try? JSONValue(parsing: nested(512))) != nil)
        #expect((try? JSONValue(parsing: nested(513))) == nil)
        #expect(Self.reference(Data(nested(513).utf8)) == nil)
    }

    @Test("bytes that are not UTF-8 are refused, in a string or out of one")
    func invalidUTF8() {
        // A stray byte, a cut two-byte and four-byte sequence, an encoded surrogate after an escape, a lone byte.
        let texts: [[UInt8]] = [
            [0x22, 0x61, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x22], [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22], [0xFF],
        ]
        for bytes in texts {
            let data = Data(bytes)
            #expect((try? JSONValue(parsing: data)) == nil)
            #expect(Self.reference(data) == nil)
        }
    }

    @Test("a refusal quotes the start of the text")
    func errorText() {
        #expect(throws: JSONTextError(text: "{\"a\":")) { try JSONValue(parsing: "{\"a\":") }
        let long = "[" + String(repeating: "1,", count: 100)
        #expect(throws: JSONTextError(text: String(long.prefix(120)))) { try JSONValue(parsing: long) }
    }
}
