import Foundation
import Logging
import ParleyCore

/// A log handler that keeps every message, for tests that read what a server in this process
/// logged (the CLI tests read `parley serve --verbose`'s output instead).
final class LogLines: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    private let added = Waiters()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { kept.append("\(event.message)") }
        added.resumeAll()
    }

    /// Every message so far, in order.
    var lines: [String] { lock.withLock { kept } }

    /// How many messages so far satisfy `match`.
    func count(_ match: (String) -> Bool) -> Int {
        lock.withLock { kept.filter(match).count }
    }

    /// Returns once `count` messages satisfy `match` (or the task is cancelled): what a test on
    /// virtual time waits for before it moves the clock past something the server must have seen.
    func wait(for count: Int, _ match: @escaping (String) -> Bool) async {
        while self.count(match) < count, !Task.isCancelled {
            await added.wait { [self] in self.count(match) >= count }
        }
    }
}
