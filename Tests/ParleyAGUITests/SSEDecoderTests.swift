import ParleyAGUI
import Testing

/// STYLE rule 12: every stream is checked with LF, CRLF and CR endings, and each of those fed all at
/// once, byte at a time and split into two chunks at every index, all giving the same events.
struct SSEDecoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// Written with "\n"; the test rewrites it with each line ending.
        let stream: String
        let expected: [ServerSentEvent]
        var testDescription: String { name }
    }

    enum Ending: String, CaseIterable, Sendable {
        case lf = "\n"
        case crlf = "\r\n"
        case cr = "\r"
    }

    static let corpus: [Case] = [
        Case(
            name: "AG-UI frames",
            stream: "data: {\"type\":\"RUN_STARTED\"}\n\ndata: {\"type\":\"RUN_FINISHED\"}\n\n",
            expected: [.init(data: "{\"type\":\"RUN_STARTED\"}"), .init(data: "{\"type\":\"RUN_FINISHED\"}")]
        ),
        Case(
            name: "comments and blank lines dispatch nothing",
            stream: ": keep-alive\n\n\n:another\ndata: a\n: inside\n\n\n",
            expected: [.init(data: "a")]
        ),
        Case(
            name: "multi-line data, empty data line and one optional space",
            stream: "data: one\ndata:two\ndata:  three\ndata\n\ndata\n\n",
            expected: [.init(data: "one\ntwo\n three\n"), .init(data: "")]
        ),
        Case(
            name: "event, sticky id and retry",
            stream: "event: delta\nid: 7\nretry: 1500\ndata: x\n\ndata: y\n\nid\nretry: 12a\nevent:\ndata: z\n\n",
            expected: [
                .init(event: "delta", data: "x", id: "7", retry: 1500),
                .init(data: "y", id: "7"),
                .init(data: "z"),
            ]
        ),
        Case(
            name: "id with NUL is ignored, unknown fields are ignored",
            stream: "id: 1\ndata: a\n\nid: 2\u{0}x\nfoo: bar\nretry\ndata: b\n\n",
            expected: [.init(data: "a", id: "1"), .init(data: "b", id: "1")]
        ),
        Case(
            name: "leading BOM skipped, later BOM kept",
            stream: "\u{FEFF}data: a\n\n\u{FEFF}data: b\n\n",
            expected: [.init(data: "a")]
        ),
        Case(
            name: "multi-byte UTF-8",
            stream: "event: grüß\ndata: héllo 😀 — 日本\n\n",
            expected: [.init(event: "grüß", data: "héllo 😀 — 日本")]
        ),
        Case(
            name: "final event without a trailing blank line",
            stream: "data: first\n\ndata: last\ndata: line",
            expected: [.init(data: "first"), .init(data: "last\nline")]
        ),
        Case(
            name: "final event ended by one line ending only",
            stream: "event: end\ndata: 😀\n",
            expected: [.init(event: "end", data: "😀")]
        ),
        Case(
            name: "data without a colon or space after the field",
            stream: "data:\n\n",
            expected: [.init(data: "")]
        ),
    ]

    static func decode(_ chunks: [ArraySlice<UInt8>]) -> [ServerSentEvent] {
        var decoder = SSEDecoder()
        var events: [ServerSentEvent] = []
        for chunk in chunks {
            events += decoder.feed(chunk)
        }
        return events + decoder.finish()
    }

    @Test("every chunking and line ending gives the same events", arguments: corpus, Ending.allCases)
    func chunkings(_ testCase: Case, _ ending: Ending) {
        let bytes = testCase.stream.utf8.flatMap { $0 == 0x0A ? Array(ending.rawValue.utf8) : [$0] }

        #expect(Self.decode([bytes[...]]) == testCase.expected, "all at once")
        #expect(Self.decode(bytes.indices.map { bytes[$0...$0] }) == testCase.expected, "byte at a time")
        for split in 0...bytes.count {
            let events = Self.decode([bytes[..<split], bytes[split...]])
            #expect(events == testCase.expected, "split at \(split)")
        }
    }

    @Test("events are returned by the chunk that completes them")
    func incremental() {
        var decoder = SSEDecoder()
        #expect(decoder.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(decoder.feed(Array("\n\r".utf8)) == [.init(data: "a")])
        #expect(decoder.feed(Array("\n".utf8)).isEmpty)
        #expect(decoder.feed(Array("data: b\n\n".utf8)) == [.init(data: "b")])
        #expect(decoder.finish().isEmpty)
    }

    @Test("a stream of only a partial BOM is kept as bytes")
    func partialBOM() {
        var decoder = SSEDecoder()
        #expect(decoder.feed([0xEF, 0xBB]).isEmpty)
        #expect(decoder.finish().isEmpty)
    }
}
