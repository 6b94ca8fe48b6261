import ParleyCore
import ParleyTesting
import Testing

@testable import ParleyServer

/// `parley serve` forgets AG-UI threads (issue 20): a client never says a thread is over, so a
/// server left running kept every conversation it ever had.
@Suite("AG-UI thread store")
struct ThreadStoreTests {
    /// One run on `threadID`: takes its record, marks it served, gives it back.
    static func converse(_ store: ThreadStore, _ threadID: String) async -> ThreadRecord {
        var record = await store.acquire(threadID)
        let before = record
        record.served = true
        record.seenMessages.insert("\(threadID)-u1")
        await store.release(threadID, record)
        return before
    }

    @Test("after 100,000 conversations the store holds its capacity, the newest threads, and no more")
    func boundedOverManyConversations() async {
        let clock = ManualClock()
        let retention = ConversationRetention()
        let store = ThreadStore(clock: clock, retention: retention)
        for conversation in 0..<100_000 {
            _ = await Self.converse(store, "thread-\(conversation)")
            clock.advance(by: .milliseconds(5))
        }
        #expect(await store.count == retention.capacity)
        // The newest is remembered; the oldest starts afresh.
        #expect(await Self.converse(store, "thread-99999").served)
        #expect(await Self.converse(store, "thread-0").served == false)
    }

    @Test("a thread idle past the limit is forgotten, even before another run sweeps it out")
    func idleThreadsExpire() async {
        let clock = ManualClock()
        let store = ThreadStore(clock: clock, retention: ConversationRetention(idleLimit: .seconds(60), capacity: 100))
        _ = await Self.converse(store, "old")
        clock.advance(by: .seconds(30))
        _ = await Self.converse(store, "recent")
        clock.advance(by: .seconds(31))
        // 61 s idle: forgotten on sight; 31 s idle: kept.
        #expect(await Self.converse(store, "old").served == false)
        #expect(await Self.converse(store, "recent").served)
        clock.advance(by: .seconds(60))
        _ = await Self.converse(store, "new")
        #expect(await store.count == 1)
    }

    @Test("past the capacity the thread unused longest goes first: a thread run again is kept")
    func leastRecentlyUsedGoesFirst() async {
        let store = ThreadStore(clock: ManualClock(), retention: ConversationRetention(capacity: 2))
        _ = await Self.converse(store, "a")
        _ = await Self.converse(store, "b")
        _ = await Self.converse(store, "a")
        _ = await Self.converse(store, "c")
        #expect(await store.count == 2)
        #expect(await Self.converse(store, "a").served)
        #expect(await Self.converse(store, "b").served == false)
    }

    @Test("one thread run many times among others leaves no growing backlog and keeps its state")
    func repeatedThread() async {
        let store = ThreadStore(clock: ManualClock(), retention: ConversationRetention(capacity: 3))
        for round in 0..<10_000 {
            _ = await Self.converse(store, "busy")
            if round % 1_000 == 0 { _ = await Self.converse(store, "other-\(round)") }
        }
        #expect(await store.count == 3)
        #expect(await store.trackedReleases <= 2 * 3 + 64)
        #expect(await Self.converse(store, "busy").served)
    }

    @Test("parley serve's server forgets threads by its retention: a forgotten thread is greeted again")
    func serverUsesRetention() async throws {
        try await TestScripts.withServer(threadRetention: ConversationRetention(capacity: 1)) { client in
            let greeted = try await client.run(thread: "t1", run: "r1")
            #expect(try greeted.types().contains("TEXT_MESSAGE_START"))
            // Remembered: nothing new.
            #expect(try await client.run(thread: "t1", run: "r2").types() == ["RUN_STARTED", "RUN_FINISHED"])
            _ = try await client.run(thread: "t2", run: "r3")
            // t2 took the only place: t1 is a new conversation again.
            #expect(try await client.run(thread: "t1", run: "r4").types().contains("TEXT_MESSAGE_START"))
        }
    }
}
