import Foundation

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
            let count = systemWrite(descriptor, bytes.baseAddress, bytes.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Self.lastError() }
        }
    }

    func truncate(to length: Int) throws(POSIXError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw Self.lastError() }
    }

    func close() {
        guard descriptor >= 0 else { return }
        _ = systemClose(descriptor)
        descriptor = -1
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}

/// `write(2)` and `close(2)`, under names the methods above do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #elseif canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #elseif canImport(Darwin)
        Darwin.close(descriptor)
    #endif
}
