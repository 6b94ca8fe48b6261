import Foundation

/// Where a transcript's bytes go: its file, or a test's stand-in that fills up after so many bytes.
protocol TranscriptStorage: AnyObject {
    /// Appends some of `bytes` and returns how many (fewer than all when the disk fills up midway);
    /// throws the system's error when it takes none.
    func write(_ bytes: UnsafeRawBufferPointer) throws(POSIXError) -> Int

    /// Cuts what was written back to its first `length` bytes.
    func truncate(to length: Int) throws(POSIXError)

    /// Releases the file; nothing is written after.
    func close()
}
