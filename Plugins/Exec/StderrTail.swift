import Foundation
import ParleyCore
import ParleyModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a program's standard error to its end on a thread of its own, so a chatty program never
/// stalls on a full pipe, and keeps only the last bytes, for a failure message.
final class StderrTail: @unchecked Sendable {
    /// The most bytes kept.
    static let keptBytes = 4096
    /// The most characters a failure message shows.
    static let shownCharacters = 1000

    private let lock = NSLock()
    private var kept = Data()
    private var total = 0
    private let ended = OneShot<Void>()

    /// Starts reading `handle`, the read end of the program's standard error.
    init(handle: FileHandle) {
        let thread = Thread { [self] in readLoop(handle) }
        thread.name = "parley exec stderr"
        thread.start()
    }

    /// Waits until the program's standard error is closed (every process holding it has ended) or
    /// the clock reads `deadline`.
    func waitForEnd(until deadline: Duration, clock: any MonotonicClock) async {
        _ = await ended.wait(until: deadline, clock: clock)
    }

    /// The end of what the program wrote, on one line: trimmed, at most `shownCharacters` long
    /// (`…` where it was cut), control characters spelled out. Empty when it wrote nothing.
    var text: String {
        let (bytes, total): (Data, Int) = lock.withLock { (kept, self.total) }
        var text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var cut = total > bytes.count
        if text.count > Self.shownCharacters {
            text = String(text.suffix(Self.shownCharacters))
            cut = true
        }
        // A cut may split a character: drop the replacement character it leaves at the front.
        if cut { text = "…" + text.drop { $0 == "\u{FFFD}" } }
        return text.escapingControls
    }

    private func readLoop(_ handle: FileHandle) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            lock.withLock {
                kept.append(contentsOf: buffer[0..<count])
                total += count
                if kept.count > Self.keptBytes { kept.removeFirst(kept.count - Self.keptBytes) }
            }
        }
        try? handle.close()
        ended.fire(())
    }
}
