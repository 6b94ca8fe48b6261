import Foundation

/// One flow run's JSONL transcript, streamed: lines are buffered and written in chunks, and
/// everything is flushed when the flow finishes, so whatever was written survives a crash.
final class TranscriptFile {
    /// Where it is written.
    let url: URL
    /// The flow's start, from the suite's start: what `time` counts from.
    let flowStarted: Duration
    private let handle: FileHandle
    private var buffer = Data()
    private static let chunk = 64 * 1024

    /// Creates (or empties) the file at `url`.
    init(url: URL, flowStarted: Duration) throws {
        self.url = url
        self.flowStarted = flowStarted
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw FilesPluginError.cannotWrite(url.path, POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            throw FilesPluginError.cannotWrite(url.path, error)
        }
    }

    /// Adds one line (a newline is appended).
    func append(_ line: String) throws {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Writes what is buffered.
    func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw FilesPluginError.cannotWrite(url.path, error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    func close() throws {
        defer { try? handle.close() }
        try flush()
    }
}
