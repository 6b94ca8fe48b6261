import DequeModule
import ParleyCore

/// The webhook's deliveries waiting for a sender, in the order they were queued, and the
/// failures of those sent: `handle` and `settle` put bodies in, `deliver()` takes them out.
actor Outbox {
    /// One body to POST; `flow` is the flow run it is about, nil for the run's own.
    struct Job: Sendable {
        var body: [UInt8]
        var flow: String?
    }

    /// A deque, so taking the oldest job is O(1) however many a slow endpoint left waiting.
    private var queue: Deque<Job> = []
    private var closed = false
    private var taker: CheckedContinuation<Job?, Never>?
    private var failures: [DeliveryFailure] = []
    private var done = false
    private var settlers: [CheckedContinuation<[DeliveryFailure], Never>] = []

    /// Queues `job`; after `close` it is dropped (nothing queues then: the run is over).
    func post(_ job: Job) {
        guard !closed else { return }
        if let taker {
            self.taker = nil
            taker.resume(returning: job)
        } else {
            queue.append(job)
        }
    }

    /// Nothing more will be queued.
    func close() {
        closed = true
        taker?.resume(returning: nil)
        taker = nil
    }

    /// The next job, or nil once closed and empty. One taker at a time.
    func next() async -> Job? {
        if let job = queue.popFirst() { return job }
        if closed { return nil }
        return await withCheckedContinuation { taker = $0 }
    }

    /// Keeps a failed delivery for `settled()`.
    func record(_ failure: DeliveryFailure) {
        failures.append(failure)
    }

    /// Every job has been sent or given up: wakes `settled()`.
    func finish() {
        done = true
        for settler in settlers { settler.resume(returning: failures) }
        settlers = []
    }

    /// The failures, once every job has ended.
    func settled() async -> [DeliveryFailure] {
        if done { return failures }
        return await withCheckedContinuation { settlers.append($0) }
    }
}
