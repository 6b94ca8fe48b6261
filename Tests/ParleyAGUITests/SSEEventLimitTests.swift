import ParleyAGUI
import ParleyCore
import Testing

/// An event is held only up to the decoder's limit: past it the decoder drops what it holds and
/// decodes nothing more, however the bytes are chunked.
struct SSEEventLimitTests {
    @Test("events up to the limit pass; one byte more is refused and nothing after it is decoded")
    func limit() {
        // "data: abcd\n\n" is 12 bytes, blank line included.
        var exact = SSEDecoder(eventLimit: 12)
        #expect(exact.feed(Array("data: abcd\n\ndata: efgh\n\n".utf8)) == [.init(data: "abcd"), .init(data: "efgh")])
        #expect(!exact.isOverLimit)

        var over = SSEDecoder(eventLimit: 11)
        #expect(over.feed(Array("data: abcd\n\ndata: e\n\n".utf8)).isEmpty)
        #expect(over.isOverLimit)
    }

    @Test("an endless line is not held: the decoder stops at the limit, fed a chunk at a time")
    func endlessLine() {
        var decoder = SSEDecoder(eventLimit: 1024)
        #expect(decoder.feed(Array("data: {\"type\":\"RUN_STARTED\"}\n\n".utf8)) == [.init(data: "{\"type\":\"RUN_STARTED\"}")])
        let chunk = Array(repeating: UInt8(ascii: "x"), count: 300)
        var fed = 0
        while !decoder.isOverLimit && fed < 100 {
            #expect(decoder.feed(Array("data: ".utf8) + chunk).isEmpty)
            fed += 1
        }
        #expect(decoder.isOverLimit)
        #expect(fed == 4, "refused once the event passed 1,024 bytes")
        #expect(decoder.feed(Array("\n\ndata: late\n\n".utf8)).isEmpty, "nothing is decoded after the refusal")
    }

    @Test("the default limit is the documented 16 MiB")
    func defaultLimit() {
        #expect(SSEDecoder().eventLimit == 16 * 1024 * 1024)
        #expect(EventSizeLimit.refusal == "the agent sent an event larger than 16 MiB (the limit); refused")
    }
}
