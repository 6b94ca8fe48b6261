import Foundation

/// Decides which checks start when: a pure state machine (STYLE 11) fed time readings and finished
/// runs; the monitor's loop does the waiting and the running.
///
/// A check never overlaps itself: a slot that falls while the check is running (or waiting for a
/// free place) is skipped and counted. At most `concurrency` checks run at once; due checks wait
/// in the order they fell due. Each slot starts up to `jitter` late, at a random point drawn from
/// the scheduler's own seeded generator, so a run is reproducible from its seed.
public struct Scheduler: Sendable {
    /// One check as the scheduler sees it.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var rule: SlotRule
        public var jitter: Duration

        /// Creates an entry.
        public init(name: String, rule: SlotRule, jitter: Duration = .zero) {
            self.name = name
            self.rule = rule
            self.jitter = jitter
        }
    }

    struct State: Sendable {
        var entry: Entry
        /// The slot the next run belongs to, and when it starts (the slot plus its jitter); nil: never again.
        var slot: Duration?
        var due: Duration?
        var running = false
        var waiting = false
        var skipped = 0
    }

    private var states: [State]
    private var queue: [Int] = []
    private var random: SplitMix64
    public let concurrency: Int

    /// A scheduler of `entries`, `concurrency` at once, started at `now` (a monotonic reading) when the wall clock read `date`.
    public init(entries: [Entry], concurrency: Int, now: Duration, date: Date, seed: UInt64 = 0x5EED_0016) {
        self.concurrency = max(concurrency, 1)
        random = SplitMix64(seed: seed)
        states = entries.map { State(entry: $0) }
        for index in states.indices {
            states[index].slot = states[index].entry.rule.firstSlot(now: now, date: date)
            states[index].due = states[index].slot.map { $0 + jitter(for: index) }
        }
    }

    /// The checks to start now: those due, in the order they fell due, as places allow. Each
    /// returned check is counted as running until `finished` is called for it.
    public mutating func due(now: Duration, date: Date) -> [String] {
        for index in states.indices {
            guard let due = states[index].due, due <= now, let slot = states[index].slot else { continue }
            if states[index].running || states[index].waiting {
                states[index].skipped += 1
            } else {
                states[index].waiting = true
                queue.append(index)
            }
            states[index].slot = states[index].entry.rule.slot(after: slot, now: now, date: date)
            states[index].due = states[index].slot.map { $0 + jitter(for: index) }
        }
        return startWaiting()
    }

    /// A run of `name` ended: its place is free. Returns the checks that take free places now.
    public mutating func finished(_ name: String) -> [String] {
        guard let index = states.firstIndex(where: { $0.entry.name == name }) else { return [] }
        states[index].running = false
        return startWaiting()
    }

    /// When the loop should look again: the earliest start still to come; nil when none is.
    public var nextWake: Duration? {
        states.compactMap(\.due).min()
    }

    /// Slots of `name` skipped because the check was still running or waiting.
    public func skipped(_ name: String) -> Int {
        states.first { $0.entry.name == name }?.skipped ?? 0
    }

    /// Checks running now.
    public var running: [String] { states.filter(\.running).map(\.entry.name) }

    private mutating func startWaiting() -> [String] {
        var started: [String] = []
        while !queue.isEmpty, states.filter(\.running).count < concurrency {
            let index = queue.removeFirst()
            states[index].waiting = false
            states[index].running = true
            started.append(states[index].entry.name)
        }
        return started
    }

    private mutating func jitter(for index: Int) -> Duration {
        let jitter = states[index].entry.jitter
        guard jitter > .zero else { return .zero }
        return jitter * random.unit()
    }
}

/// A small seeded generator (SplitMix64): the scheduler's jitter, reproducible from a seed.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next number in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
