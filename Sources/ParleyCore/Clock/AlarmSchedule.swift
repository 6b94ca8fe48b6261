/// The pending deadlines of one shared timer, as a pure state machine: the timer is armed for the
/// earliest of them and moved only when a new deadline comes before the armed one. A deadline taken
/// back (its sleeper woke another way) leaves the timer as it is: when the timer rings with nothing
/// due it is armed for the next pending deadline, or left idle. So a steady stream of sleeps that
/// end early (a mailbox wait answered, a run's silence limit never reached) costs no timer work.
///
/// Deadlines live in a min-heap; one taken back stays there, dead, until it reaches the top or the
/// dead outnumber the live, so adding and taking back are O(log n) and O(1).
struct AlarmSchedule<Payload> {
    private struct Entry {
        let deadline: Duration
        let id: Int
    }

    /// What to do with the one timer.
    enum Timer: Equatable {
        /// Leave it as it is.
        case keep
        /// Arm it for this reading (replacing any earlier arming).
        case arm(Duration)
    }

    private var heap: [Entry] = []
    private var pending: [Int: (deadline: Duration, payload: Payload)] = [:]
    private var lastID = 0
    /// The reading the timer is armed for; nil when idle.
    private(set) var armed: Duration?

    init() {}

    /// How many deadlines are pending.
    var count: Int { pending.count }

    /// Adds a deadline carrying `payload`; the id takes it back.
    mutating func add(_ deadline: Duration, _ payload: Payload) -> (id: Int, timer: Timer) {
        lastID += 1
        pending[lastID] = (deadline, payload)
        push(Entry(deadline: deadline, id: lastID))
        if let armed, armed <= deadline { return (lastID, .keep) }
        armed = deadline
        return (lastID, .arm(deadline))
    }

    /// Takes a deadline back; its payload, or nil when it was not pending (it rang, or never was).
    mutating func remove(_ id: Int) -> Payload? {
        guard let removed = pending.removeValue(forKey: id) else { return nil }
        if heap.count > 64, heap.count > 2 * pending.count { compact() }
        return removed.payload
    }

    /// The timer rang at `now`: the payloads whose deadline has come, earliest first, and how to
    /// arm the timer for what is still pending (early rings, from another clock's rounding, only
    /// re-arm it).
    mutating func ring(now: Duration) -> (due: [Payload], timer: Timer) {
        armed = nil
        var due: [Payload] = []
        while let top = heap.first {
            guard let entry = pending[top.id] else {
                popTop()
                continue
            }
            guard top.deadline <= now else { break }
            popTop()
            pending.removeValue(forKey: top.id)
            due.append(entry.payload)
        }
        guard let next = heap.first else { return (due, .keep) }
        armed = next.deadline
        return (due, .arm(next.deadline))
    }

    // MARK: the heap, ordered by deadline, then by id (first added first)

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.id < b.id)
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(from: 0)
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, Self.precedes(heap[left], heap[first]) { first = left }
            if right < heap.count, Self.precedes(heap[right], heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }

    /// Drops the dead entries and rebuilds the heap from the live ones.
    private mutating func compact() {
        heap = heap.filter { pending[$0.id] != nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }
}
