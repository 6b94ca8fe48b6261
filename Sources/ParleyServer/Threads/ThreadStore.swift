import DequeModule
import ParleyCore

/// Every thread's record, lent to one run at a time: a run on a thread waits until the run before
/// it has finished streaming, so the conversation moves on in the order the runs arrived.
///
/// Threads are forgotten by `ConversationRetention`: once idle past its limit, and the least
/// recently used first past its capacity. Forgetting happens as runs end, so it needs no task of its own.
actor ThreadStore {
    private let clock: any MonotonicClock
    private var records: [String: ThreadRecord] = [:]
    private var ledger: RetentionLedger<String>
    private var busy: Set<String> = []
    private var waiting: [String: Deque<CheckedContinuation<Void, Never>>] = [:]

    init(clock: any MonotonicClock, retention: ConversationRetention = ConversationRetention()) {
        self.clock = clock
        ledger = RetentionLedger(retention: retention)
    }

    /// How many threads are remembered.
    var count: Int { records.count }
    /// How many releases are tracked, stale ones included, for tests that they stay bounded.
    var trackedReleases: Int { ledger.trackedTouches }

    /// Takes the record of `threadID` (a new one for a thread never seen or forgotten), waiting
    /// while another run has it. Every `acquire` must be followed by one `release`.
    func acquire(_ threadID: String) async -> ThreadRecord {
        if busy.contains(threadID) {
            await withCheckedContinuation { continuation in waiting[threadID, default: []].append(continuation) }
        }
        // Whoever released handed the thread on without clearing `busy`, so it is ours now.
        busy.insert(threadID)
        // Idle past the limit is forgotten even before a release sweeps it away.
        guard let record = records[threadID], ledger.isKept(threadID, at: clock.now) else { return ThreadRecord(threadID: threadID) }
        return record
    }

    /// Stores `record`, forgets what the retention says to, and hands the thread to the next
    /// waiting run, in arrival order.
    func release(_ threadID: String, _ record: ThreadRecord) {
        let now = clock.now
        records[threadID] = record
        ledger.touch(threadID, at: now)
        for forgotten in ledger.sweep(at: now) { records[forgotten] = nil }
        if let next = waiting[threadID]?.popFirst() {
            if waiting[threadID]?.isEmpty == true { waiting[threadID] = nil }
            next.resume()
        } else {
            busy.remove(threadID)
        }
    }
}
