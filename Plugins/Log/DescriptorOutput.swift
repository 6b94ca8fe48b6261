import Foundation
import ParleyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text written to a file descriptor until it stops taking it, then nothing: the console of a run
/// whose reader went away (`parley run | head`, a closed terminal, a full disk under `> log`).
///
/// Foundation's `FileHandle.write(_:)` traps on a write error, and a write to a pipe nobody reads
/// raises SIGPIPE; the command line ignores SIGPIPE, and this output takes the EPIPE (or any other
/// error) as the end of its reader: it writes nothing more and keeps the reason for whoever asks.
public final class DescriptorOutput: Sendable {
    /// Writes some of the bytes and returns how many, or -1 with the error number: `write(2)`'s shape.
    public typealias Write = @Sendable (UnsafeRawBufferPointer) -> (count: Int, error: Int32)

    private let writeSome: Write
    private let state = StoppedBox()

    /// Writes through `write`, which tests replace.
    public init(write: @escaping Write) {
        writeSome = write
    }

    /// Writes to `descriptor`.
    public convenience init(descriptor: Int32) {
        self.init { bytes in
            while true {
                let count = SystemCall.write(descriptor, bytes.baseAddress, bytes.count)
                guard count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return (count, count < 0 ? errno : 0) }
                // A non-blocking descriptor (a terminal shared with another program): wait as a blocking write would.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            }
        }
    }

    /// The process's standard output.
    public static let standardOutput = DescriptorOutput(descriptor: STDOUT_FILENO)
    /// The process's standard error.
    public static let standardError = DescriptorOutput(descriptor: STDERR_FILENO)

    /// The error number that stopped the output (`EPIPE` when its reader went away); nil while it writes.
    public var stoppedBy: Int32? { state.error }

    /// Writes all of `text`, unless the output has stopped; an error stops it for good.
    public func write(_ text: String) {
        state.whileWriting {
            var data = Data(text.utf8)
            return data.withUnsafeMutableBytes { buffer -> Int32? in
                var offset = 0
                while offset < buffer.count {
                    let (count, error) = writeSome(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                    if count > 0 {
                        offset += count
                    } else if count < 0 && error == EINTR {
                        continue
                    } else {
                        return count < 0 ? error : EIO
                    }
                }
                return nil
            }
        }
    }

    /// The first error seen, behind a lock; writes are serialised by the same lock so lines never interleave.
    private final class StoppedBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped: Int32?

        var error: Int32? { lock.withLock { stopped } }

        func whileWriting(_ body: () -> Int32?) {
            lock.withLock {
                guard stopped == nil else { return }
                stopped = body()
            }
        }
    }
}
