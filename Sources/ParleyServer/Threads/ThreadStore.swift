import DequeModule
import ParleyCore

/// Every thread's record, lent to one run at a time: a run on a thread waits until the run before
/// it has finished streaming, so the conversation moves on in the order the runs arrived.
///
/// Threads are forgotten by `ThreadRetention`: once idle past its limit, and the least recently
/// used first past its capacity. Forgetting happens as runs end, so it needs no task of its own.
actor ThreadStore {
    /// A kept record, when it was last released and which release that was.
    private struct Kept {
        var record: ThreadRecord
        var released: Duration
        var serial: Int
    }

    private let clock: any MonotonicClock
    private let retention: ThreadRetention
    private var records: [String: Kept] = [:]
    /// Releases, oldest first. An entry whose serial is not its thread's latest is stale and skipped:
    /// cheaper than finding and moving the entry on every release.
    private var releases: Deque<(threadID: String, serial: Int)> = []
    private var serial = 0
    private var busy: Set<String> = []
    private var waiting: [String: Deque<CheckedContinuation<Void, Never>>] = [:]

    init(clock: any MonotonicClock, retention: ThreadRetention = ThreadRetention()) {
        self.clock = clock
        self.retention = retention
    }

    /// How many threads are remembered.
    var count: Int { records.count }
    /// How many releases are tracked, stale ones included, for tests that they stay bounded.
    var trackedReleases: Int { releases.count }

    /// Takes the record of `threadID` (a new one for a thread never seen or forgotten), waiting
    /// while another run has it. Every `acquire` must be followed by one `release`.
    func acquire(_ threadID: String) async -> ThreadRecord {
        if busy.contains(threadID) {
            await withCheckedContinuation { continuation in waiting[threadID, default: []].append(continuation) }
        }
        // Whoever released handed the thread on without clearing `busy`, so it is ours now.
        busy.insert(threadID)
        // Idle past the limit is forgotten even before a release sweeps it away.
        guard let kept = records[threadID], !isIdle(kept, at: clock.now) else { return ThreadRecord(threadID: threadID) }
        return kept.record
    }

    /// Stores `record`, forgets what the retention says to, and hands the thread to the next
    /// waiting run, in arrival order.
    func release(_ threadID: String, _ record: ThreadRecord) {
        serial += 1
        records[threadID] = Kept(record: record, released: clock.now, serial: serial)
        releases.append((threadID, serial))
        forget()
        if let next = waiting[threadID]?.popFirst() {
            if waiting[threadID]?.isEmpty == true { waiting[threadID] = nil }
            next.resume()
        } else {
            busy.remove(threadID)
        }
    }

    /// Drops threads from the oldest release on while they are idle or too many.
    private func forget() {
        let now = clock.now
        while let oldest = releases.first {
            guard let kept = records[oldest.threadID], kept.serial == oldest.serial else {
                releases.removeFirst()
                continue
            }
            guard records.count > retention.capacity || isIdle(kept, at: now) else { break }
            releases.removeFirst()
            records[oldest.threadID] = nil
        }
        // A thread run over and over leaves stale entries behind a live older one; sweep them out
        // once they outnumber the records, so this stays amortized O(1) a release.
        if releases.count > 2 * records.count + 64 {
            releases = Deque(releases.filter { records[$0.threadID]?.serial == $0.serial })
        }
    }

    private func isIdle(_ kept: Kept, at now: Duration) -> Bool {
        now - kept.released >= retention.idleLimit
    }
}
