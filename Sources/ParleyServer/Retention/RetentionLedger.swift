import DequeModule

/// Which keys a store may forget, by `ConversationRetention`: those idle past its limit, and the
/// least recently used past its capacity. Pure bookkeeping on clock readings the caller passes,
/// so one type serves every store (threads, sessions, tokens, conversations, users) and tests
/// need no server and no real time. The caller drops what `sweep` returns from its own maps.
struct RetentionLedger<Key: Hashable & Sendable>: Sendable {
    let retention: ConversationRetention
    /// Each kept key's last use and which touch that was.
    private var latest: [Key: (touched: Duration, serial: Int)] = [:]
    /// Touches, oldest first. An entry whose serial is not its key's latest is stale and skipped:
    /// cheaper than finding and moving the entry on every touch.
    private var touches: Deque<(key: Key, serial: Int)> = []
    private var serial = 0

    init(retention: ConversationRetention) {
        self.retention = retention
    }

    /// How many keys are kept.
    var count: Int { latest.count }
    /// How many touches are tracked, stale ones included, for tests that they stay bounded.
    var trackedTouches: Int { touches.count }

    /// Whether `key` is kept and not idle at `now`: idle past the limit counts as forgotten even
    /// before a sweep drops it.
    func isKept(_ key: Key, at now: Duration) -> Bool {
        guard let entry = latest[key] else { return false }
        return now - entry.touched < retention.idleLimit
    }

    /// Marks `key` used at `now` (kept from now on if it was not).
    mutating func touch(_ key: Key, at now: Duration) {
        serial += 1
        latest[key] = (now, serial)
        touches.append((key, serial))
    }

    /// Forgets `key` now (it ended).
    mutating func remove(_ key: Key) {
        latest[key] = nil
    }

    /// Forgets, oldest use first, the keys idle at `now` or beyond the capacity, and returns them.
    /// A key `pinned` says is in use (an open socket, a run in progress) is kept and counts as used
    /// now instead.
    mutating func sweep(at now: Duration, pinned: (Key) -> Bool = { _ in false }) -> [Key] {
        var forgotten: [Key] = []
        // Each pinned key is looked at once a sweep, so a store full of pinned keys cannot loop.
        var requeues = touches.count
        while let oldest = touches.first {
            guard let entry = latest[oldest.key], entry.serial == oldest.serial else {
                touches.removeFirst()
                continue
            }
            guard latest.count > retention.capacity || now - entry.touched >= retention.idleLimit else { break }
            if pinned(oldest.key) {
                guard requeues > 0 else { break }
                requeues -= 1
                touches.removeFirst()
                touch(oldest.key, at: now)
                continue
            }
            touches.removeFirst()
            latest[oldest.key] = nil
            forgotten.append(oldest.key)
        }
        // A key touched over and over leaves stale entries behind a live older one; sweep them out
        // once they outnumber the keys, so this stays amortized O(1) a touch.
        if touches.count > 2 * latest.count + 64 {
            touches = Deque(touches.filter { latest[$0.key]?.serial == $0.serial })
        }
        return forgotten
    }
}
