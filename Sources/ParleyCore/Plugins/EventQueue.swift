/// A bounded first-in-first-out queue between one producer side and one consumer: `push` waits
/// while the queue is full, so a slow plugin holds back only when it is far behind, and nothing is lost.
actor EventQueue<Element: Sendable> {
    private var buffer: [Element] = []
    private var head = 0
    private let capacity: Int
    private var closed = false
    private var consumer: CheckedContinuation<Element?, Never>?
    private var producers: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    private var count: Int { buffer.count - head }

    /// Adds an element, waiting while the queue is full. Elements pushed after `close` are dropped.
    func push(_ element: Element) async {
        while count >= capacity && !closed {
            await withCheckedContinuation { producers.append($0) }
        }
        guard !closed else { return }
        if let waiting = consumer {
            consumer = nil
            waiting.resume(returning: element)
        } else {
            buffer.append(element)
        }
    }

    /// The next element, or nil once the queue is closed and drained.
    func pop() async -> Element? {
        if count > 0 {
            let element = buffer[head]
            head += 1
            if head > 1024 && head * 2 > buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            if !producers.isEmpty { producers.removeFirst().resume() }
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
        for producer in producers { producer.resume() }
        producers = []
    }
}
