import Foundation
import ParleyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A transcript's file, written with `write(2)` so a short write on a full disk is seen as one,
/// and `ftruncate(2)` can take a partial line back off.
final class TranscriptDescriptor: TranscriptStorage {
    private var descriptor: Int32

    /// Creates (or empties) the file at `path`.
    init(path: String) throws(POSIXError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.lastError() }
    }

    deinit {
        close()
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(POSIXError) -> Int {
        while true {
            let count = SystemCall.write(descriptor, bytes.baseAddress, bytes.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Self.lastError() }
        }
    }

    func truncate(to length: Int) throws(POSIXError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw Self.lastError() }
    }

    func close() {
        guard descriptor >= 0 else { return }
        _ = SystemCall.close(descriptor)
        descriptor = -1
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
