import Foundation

/// Console text handed to a thread of its own, which writes it to a `DescriptorOutput` in the
/// order it came: a write that blocks (standard output a pipe nobody drains, a terminal paused
/// with Ctrl-S) then holds that thread, not one of the few every task runs on (issue 20).
///
/// `write` only queues; the thread writes whatever has gathered since its last write in one call,
/// so flows that finish together cost one `write(2)`. `flush` waits, without holding a thread,
/// until the text queued before it is written (or the output has stopped). The thread is started
/// by the first text and ends after a second with none, so an idle output holds no thread.
public final class QueuedOutput: Sendable {
    private let output: DescriptorOutput
    private let queue = Queue()

    /// Text for `output`.
    public init(_ output: DescriptorOutput) {
        self.output = output
    }

    /// The process's standard output (`DescriptorOutput.standardOutput`).
    public static let standardOutput = QueuedOutput(.standardOutput)

    /// The error number that stopped the output; nil while it writes (`DescriptorOutput`).
    public var stoppedBy: Int32? { output.stoppedBy }

    /// Queues `text` to be written after the text queued before it; returns at once.
    public func write(_ text: String) {
        if queue.add(text) {
            Thread.detachNewThread { [queue, output] in
                while let batch = queue.next() {
                    output.write(batch.text)
                    queue.written(batch.upTo)
                }
            }
        }
    }

    /// Returns once every text queued before the call is written or dropped by a stopped output.
    public func flush() async {
        await withCheckedContinuation { queue.whenWritten($0) }
    }

    /// What is queued, what is written, and who waits for it, behind one lock (a condition, so
    /// the thread can sleep until text comes).
    private final class Queue: @unchecked Sendable {
        private let condition = NSCondition()
        private var pending: [String] = []
        private var queued = 0
        private var done = 0
        private var running = false
        private var flushes: [(upTo: Int, resume: CheckedContinuation<Void, Never>)] = []

        /// Queues `text`; true when no thread is running, so the caller must start one.
        func add(_ text: String) -> Bool {
            condition.withLock {
                pending.append(text)
                queued += 1
                condition.signal()
                if running { return false }
                running = true
                return true
            }
        }

        /// The texts queued so far, joined, and how many texts they bring the count to; nil after
        /// a second with nothing queued: the thread ends (and `running` says so under the lock).
        func next() -> (text: String, upTo: Int)? {
            condition.withLock {
                while pending.isEmpty {
                    if !condition.wait(until: Date(timeIntervalSinceNow: 1)) && pending.isEmpty {
                        running = false
                        return nil
                    }
                }
                let text = pending.count == 1 ? pending[0] : pending.joined()
                pending.removeAll(keepingCapacity: true)
                return (text, queued)
            }
        }

        /// The texts up to `upTo` are written: resumes the flushes that waited for them.
        func written(_ upTo: Int) {
            let ready = condition.withLock {
                done = upTo
                let ready = flushes.filter { $0.upTo <= upTo }
                if !ready.isEmpty { flushes.removeAll { $0.upTo <= upTo } }
                return ready
            }
            for flush in ready { flush.resume.resume() }
        }

        /// Resumes `resume` once what is queued now is written: at once when it already is.
        func whenWritten(_ resume: CheckedContinuation<Void, Never>) {
            let now = condition.withLock {
                if done == queued { return true }
                flushes.append((queued, resume))
                return false
            }
            if now { resume.resume() }
        }
    }
}
