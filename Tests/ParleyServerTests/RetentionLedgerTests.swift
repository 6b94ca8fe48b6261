import Testing

@testable import ParleyServer

/// The bookkeeping every `parley serve` store forgets by (issue 20): pure, on clock readings the
/// test passes, so no server and no real time.
@Suite("Retention ledger")
struct RetentionLedgerTests {
    @Test("a key idle past the limit is not kept, and a sweep forgets it; one used since is kept")
    func idleExpires() {
        var ledger = RetentionLedger<String>(retention: ConversationRetention(idleLimit: .seconds(60), capacity: 100))
        ledger.touch("old", at: .zero)
        ledger.touch("recent", at: .seconds(30))
        #expect(ledger.isKept("old", at: .seconds(59)))
        #expect(!ledger.isKept("old", at: .seconds(60)))
        #expect(ledger.sweep(at: .seconds(61)) == ["old"])
        #expect(ledger.isKept("recent", at: .seconds(61)))
        #expect(ledger.count == 1)
    }

    @Test("past the capacity the key unused longest goes first; a key touched again is kept")
    func leastRecentlyUsed() {
        var ledger = RetentionLedger<String>(retention: ConversationRetention(capacity: 2))
        for key in ["a", "b", "a", "c"] {
            ledger.touch(key, at: .zero)
            _ = ledger.sweep(at: .zero)
        }
        #expect(ledger.count == 2)
        #expect(ledger.isKept("a", at: .zero) && ledger.isKept("c", at: .zero) && !ledger.isKept("b", at: .zero))
    }

    @Test("a pinned key (an open socket) is never forgotten, and a ledger of pinned keys does not loop")
    func pinnedKept() {
        var ledger = RetentionLedger<String>(retention: ConversationRetention(idleLimit: .seconds(1), capacity: 1))
        ledger.touch("open", at: .zero)
        ledger.touch("other", at: .zero)
        #expect(ledger.sweep(at: .seconds(5)) { $0 == "open" } == ["other"])
        #expect(ledger.isKept("open", at: .seconds(5)))
        ledger.touch("third", at: .seconds(5))
        #expect(ledger.sweep(at: .seconds(5)) { _ in true }.isEmpty)
        #expect(ledger.count == 2)
    }

    @Test("a removed key is gone at once; 100,000 keys, one touched over and over, leave the ledger bounded")
    func boundedOverManyKeys() {
        var ledger = RetentionLedger<String>(retention: ConversationRetention())
        ledger.touch("ended", at: .zero)
        ledger.remove("ended")
        #expect(!ledger.isKept("ended", at: .zero))
        var now = Duration.zero
        for index in 0..<100_000 {
            ledger.touch("key-\(index)", at: now)
            ledger.touch("busy", at: now)
            _ = ledger.sweep(at: now)
            now += .milliseconds(5)
        }
        #expect(ledger.count == 10_000)
        #expect(ledger.trackedTouches <= 2 * 10_000 + 64)
        #expect(ledger.isKept("busy", at: now) && ledger.isKept("key-99999", at: now) && !ledger.isKept("key-0", at: now))
    }
}
