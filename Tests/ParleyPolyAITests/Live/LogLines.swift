import Foundation
import Logging

/// A log handler that keeps every message, for tests that read what a server in this process
/// logged (the CLI tests read `parley serve --verbose`'s output instead).
final class LogLines: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { kept.append("\(event.message)") }
    }

    /// Every message so far, in order.
    var lines: [String] { lock.withLock { kept } }
}
