import Foundation

/// One flow run's JSONL transcript, streamed: lines are buffered and written in chunks, and
/// everything is flushed when the flow finishes, so whatever was written survives a crash.
///
/// The file only ever holds whole lines. When a write fails (a full disk) the transcript stops
/// there: a partial line that got out is cut back off, and the one error returned says after
/// which line the file ends; later lines are dropped without another word.
///
/// Unchecked `Sendable`: it has one owner at a time, the files plugin, which hands it to a
/// `DedicatedThread` for the calls that write and waits for each before it touches it again.
final class TranscriptFile: @unchecked Sendable {
    /// Where it is written.
    let url: URL
    /// The flow's start, from the suite's start: what `time` counts from.
    let flowStarted: Duration
    private let storage: any TranscriptStorage
    private var buffer = Data()
    /// Bytes in the file: whole lines only.
    private var written = 0
    /// Lines in the file.
    private(set) var lines = 0
    private(set) var stopped = false
    private let chunk: Int

    /// A transcript writing to `storage`, flushing every `chunk` bytes.
    init(url: URL, flowStarted: Duration, storage: any TranscriptStorage, chunk: Int = 64 * 1024) {
        self.url = url
        self.flowStarted = flowStarted
        self.storage = storage
        self.chunk = chunk
    }

    /// Creates (or empties) the file at `url`.
    convenience init(url: URL, flowStarted: Duration) throws(FilesPluginError) {
        let storage: TranscriptDescriptor
        do {
            storage = try TranscriptDescriptor(path: url.path)
        } catch {
            throw FilesPluginError.cannotWrite(url.path, error)
        }
        self.init(url: url, flowStarted: flowStarted, storage: storage)
    }

    /// Adds one line (a newline is appended); returns why the transcript stopped, the one time it does.
    func append(_ line: String) -> FilesPluginError? {
        guard !stopped else { return nil }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        return buffer.count >= chunk ? flush() : nil
    }

    /// Whether `append(line)` writes to the file (the buffer reaches a chunk), which may block.
    func flushes(appending line: String) -> Bool {
        !stopped && buffer.count + line.utf8.count + 1 >= chunk
    }

    /// Writes what is buffered; returns why the transcript stopped, the one time it does.
    func flush() -> FilesPluginError? {
        guard !stopped, !buffer.isEmpty else { return nil }
        var sent = 0
        var failure: POSIXError?
        buffer.withUnsafeBytes { bytes in
            while sent < bytes.count {
                do throws(POSIXError) {
                    let count = try storage.write(UnsafeRawBufferPointer(rebasing: bytes[sent...]))
                    guard count > 0 else {
                        failure = POSIXError(.EIO)
                        return
                    }
                    sent += count
                } catch {
                    failure = error
                    return
                }
            }
        }
        guard let failure else {
            written += buffer.count
            lines += Self.lineCount(buffer[...])
            buffer.removeAll(keepingCapacity: true)
            return nil
        }
        return stop(sent: sent, because: failure)
    }

    /// Flushes and closes the file; returns why the transcript stopped, if it does now.
    func close() -> FilesPluginError? {
        defer { storage.close() }
        return flush()
    }

    /// Keeps the whole lines among the `sent` bytes that got out and cuts off a partial one.
    private func stop(sent: Int, because failure: POSIXError) -> FilesPluginError {
        stopped = true
        let whole = buffer[..<sent].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let kept = lines + Self.lineCount(buffer[..<whole])
        buffer = Data()
        lines = kept
        if whole < sent {
            do throws(POSIXError) {
                try storage.truncate(to: written + whole)
            } catch {
                written += sent
                return .cutMidLine(url.path, afterLine: kept, failure, trimming: error)
            }
        }
        written += whole
        return .stopped(url.path, afterLine: kept, failure)
    }

    private static func lineCount(_ bytes: Data.SubSequence) -> Int {
        bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
