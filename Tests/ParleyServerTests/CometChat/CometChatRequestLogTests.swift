import Testing

@testable import ParleyServer

/// The request log keeps the newest requests only, so a long-running server's memory stays bounded.
@Suite("CometChat server: request log")
struct CometChatRequestLogTests {
    @Test("over capacity, the oldest requests are forgotten and the newest kept in order, over 100,000 requests")
    func keepsTheNewest() async {
        let log = CometChatRequestLog(capacity: 3)
        for index in 1...100_000 { await log.record(Self.request(index)) }
        #expect(await log.requests().map(\.path) == ["/99998", "/99999", "/100000"])
        #expect(await log.forgotten == 99_997)
        await log.clear()
        #expect(await log.requests().isEmpty)
        #expect(await log.forgotten == 0)
        await log.record(Self.request(1))
        #expect(await log.requests().map(\.path) == ["/1"])
    }

    @Test("under capacity, every request is kept in order")
    func keepsEvery() async {
        let log = CometChatRequestLog()
        for index in 1...5 { await log.record(Self.request(index)) }
        #expect(await log.requests().map(\.path) == ["/1", "/2", "/3", "/4", "/5"])
        #expect(log.capacity == 10_000)
        #expect(await log.forgotten == 0)
    }

    static func request(_ index: Int) -> CometChatRecordedRequest {
        CometChatRecordedRequest(method: "POST", path: "/\(index)", headers: [:], body: nil)
    }
}
