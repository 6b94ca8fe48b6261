import DequeModule

/// A bounded first-in-first-out queue between one producer side and one consumer: `push` waits
/// while the queue is full, so a slow plugin holds back only when it is far behind, and nothing is lost.
///
/// Both the elements and the blocked producers are deques, so every push and pop is O(1) however
/// many producers wait (an array's `removeFirst` moved them all each time). A blocked producer's
/// element waits beside it and moves into the buffer when a pop makes room, so producers keep
/// their arrival order: one that came later cannot take the freed place first.
actor EventQueue<Element: Sendable> {
    private var buffer: Deque<Element> = []
    private let capacity: Int
    private var closed = false
    private var consumer: CheckedContinuation<Element?, Never>?
    private var producers: Deque<(element: Element, resume: CheckedContinuation<Void, Never>)> = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many producers are blocked, for tests that wait until all of theirs are.
    var blockedProducers: Int { producers.count }

    /// Adds an element, waiting while the queue is full. Elements pushed after `close`, and those
    /// still waiting to go in when it comes, are dropped.
    func push(_ element: Element) async {
        if !offer(element) { await withCheckedContinuation { producers.append((element, $0)) } }
    }

    /// Adds `elements[index]`, as `push` does. The element is copied by synchronous calls, so the
    /// frames of a producer held back by a full queue have no room for it (issue 20).
    func push(_ elements: [Element], at index: Int) async {
        if !offer(elements, at: index) { await withCheckedContinuation { enqueue(elements, at: index, resume: $0) } }
    }

    @inline(never)
    private func offer(_ elements: [Element], at index: Int) -> Bool {
        offer(elements[index])
    }

    @inline(never)
    private func enqueue(_ elements: [Element], at index: Int, resume: CheckedContinuation<Void, Never>) {
        producers.append((elements[index], resume))
    }

    /// Hands `element` to the waiting consumer or buffers it (or drops it, once closed); false
    /// when the queue is full. Out of line: `push` is live in every producer held back, so its
    /// frame is kept small (issue 20).
    @inline(never)
    private func offer(_ element: Element) -> Bool {
        guard !closed else { return true }
        if let waiting = consumer {
            consumer = nil
            waiting.resume(returning: element)
        } else if buffer.count < capacity && producers.isEmpty {
            buffer.append(element)
        } else {
            return false
        }
        return true
    }

    /// The next element, or nil once the queue is closed and drained.
    func pop() async -> Element? {
        if let element = buffer.popFirst() {
            if let producer = producers.popFirst() {
                buffer.append(producer.element)
                producer.resume.resume()
            }
            return element
        }
        if closed { return nil }
        return await withCheckedContinuation { consumer = $0 }
    }

    /// No more elements will come; the consumer drains what is left.
    func close() {
        closed = true
        consumer?.resume(returning: nil)
        consumer = nil
        for producer in producers { producer.resume.resume() }
        producers = []
    }
}
