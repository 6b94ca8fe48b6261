import Foundation
import ParleyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bounded buffer between the plugin and a program's standard input, and the thread that
/// writes it: `push` never waits, so a program that reads slowly holds up nothing but itself, and
/// one that falls too far behind is given up on instead of growing the buffer without end.
final class StdinFeed: @unchecked Sendable {
    /// What became of a line handed to `push`.
    enum Push: Hashable, Sendable {
        /// Queued for the program.
        case queued
        /// The buffer is full: `waiting` lines of `bytes` bytes have not been written yet.
        case behind(waiting: Int, bytes: Int)
        /// Writing failed (EPIPE: the program closed its standard input or exited); nothing more goes in.
        case broken
    }

    private let condition = NSCondition()
    private let handle: FileHandle
    private let maxLines: Int
    private let maxBytes: Int
    private var pending: [Data] = []
    private var head = 0
    private var pendingBytes = 0
    /// Lines whole in the pipe.
    private var writtenLines = 0
    /// Lines handed to `push` and queued.
    private var queuedLines = 0
    private var ended = false
    private var dropped = false
    private var brokenErrno: Int32?
    private let closed = OneShot<Void>()

    /// A feed writing to `handle`, the write end of the program's standard input, on a thread of its own.
    init(handle: FileHandle, maxLines: Int, maxBytes: Int) {
        self.handle = handle
        self.maxLines = max(1, maxLines)
        self.maxBytes = max(1, maxBytes)
        let thread = Thread { [self] in writeLoop() }
        thread.name = "parley exec stdin"
        thread.start()
    }

    /// Lines whole in the program's input so far.
    var written: Int { condition.withLock { writtenLines } }
    /// Lines queued so far, written or not.
    var queued: Int { condition.withLock { queuedLines } }
    /// True once a write failed.
    var isBroken: Bool { condition.withLock { brokenErrno != nil } }

    /// Queues one line (its newline included) unless the buffer is full or writing has failed.
    func push(_ line: Data) -> Push {
        condition.withLock {
            if brokenErrno != nil || dropped { return .broken }
            let waiting = pending.count - head
            if waiting >= maxLines || pendingBytes + line.count > maxBytes { return .behind(waiting: waiting, bytes: pendingBytes) }
            pending.append(line)
            pendingBytes += line.count
            queuedLines += 1
            condition.signal()
            return .queued
        }
    }

    /// No more lines: the queued ones are written, then standard input is closed.
    func end() {
        condition.withLock {
            ended = true
            condition.signal()
        }
    }

    /// Give up: the lines not yet written are dropped and standard input is closed once the write
    /// under way, if any, returns.
    func drop() {
        condition.withLock {
            dropped = true
            pending = []
            head = 0
            pendingBytes = 0
            condition.signal()
        }
    }

    /// Waits until the writing is over and standard input closed, or the clock reads `deadline`.
    func waitClosed(until deadline: Duration, clock: any MonotonicClock) async {
        _ = await closed.wait(until: deadline, clock: clock)
    }

    private func writeLoop() {
        // A program that is gone makes write fail with EPIPE; SIGPIPE, which would end this whole
        // process where it is not ignored, stays blocked on this thread and dies with it.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        while let line = next() {
            let failure = Self.writeAll(line, to: handle.fileDescriptor)
            condition.withLock {
                if let failure {
                    brokenErrno = failure
                    pending = []
                    head = 0
                    pendingBytes = 0
                } else {
                    writtenLines += 1
                }
            }
            if failure != nil { break }
        }
        try? handle.close()
        closed.fire(())
    }

    /// The next line to write, waiting for one; nil once there is nothing more to write.
    private func next() -> Data? {
        condition.withLock {
            while head == pending.count && !ended && !dropped { condition.wait() }
            guard !dropped, head < pending.count else { return nil }
            let line = pending[head]
            head += 1
            pendingBytes -= line.count
            if head > 1024 && head * 2 > pending.count {
                pending.removeFirst(head)
                head = 0
            }
            return line
        }
    }

    /// Writes all of `data`; the errno of a failed write, or nil.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let count = SystemCall.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
    }
}
