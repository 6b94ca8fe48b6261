import Foundation
import ParleyTesting
import Testing

@testable import ParleyMetrics

/// The textfile is replaced whole: a reader sees the old text or the new, never part of one, and
/// a write that fails leaves the old file and no temporary one.
@Suite("metrics: the textfile")
struct TextfileTests {
    @Test("a reader racing the writes (200 at least, until it has read 50 times) only ever sees one whole version")
    func atomic() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("node/parley.prom")
        // Large enough that a plain write would be seen half done.
        let versions = ["a", "b"].map { String(repeating: "parley_x{v=\"\($0)\"} 1\n", count: 20_000) }
        try Textfile.write(versions[0], to: file)
        let seen = ReadCount()
        // A thread of its own, not the test's cooperative pool, so it reads while the writes go on.
        let reader = Thread {
            while !seen.stopped {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                seen.add(torn: !versions.contains(text))
            }
            seen.finish()
        }
        reader.start()
        var writes = 0
        while writes < 200 || (seen.reads < 50 && writes < 20_000) {
            try Textfile.write(versions[writes % 2], to: file)
            writes += 1
        }
        seen.stop()
        seen.waitUntilFinished()
        #expect(seen.reads >= 50, "\(seen.reads) reads during \(writes) writes")
        #expect(seen.torn == 0, "\(seen.torn) of \(seen.reads) reads saw a partial file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["parley.prom"])
    }

    @Test("a write that fails says why and leaves the previous file whole")
    func failure() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("parley.prom")
        try Textfile.write("old\n", to: file)
        // The target is now a non-empty folder: rename(2) cannot replace it.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: MetricsError.self) { try Textfile.write("new\n", to: file) }
        do {
            try Textfile.write("new\n", to: file)
        } catch {
            #expect("\(error)".hasPrefix("cannot write \(file.path): "), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["parley.prom"], "no temporary file left")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.path) == ["inside"], "what was there is untouched")

        // Its folder's place is taken by a plain file: the folder cannot be made.
        try Data().write(to: folder.appendingPathComponent("plain"))
        let underFile = folder.appendingPathComponent("plain/sub/parley.prom")
        #expect(throws: MetricsError.self) { try Textfile.write("x", to: underFile) }
    }
}

/// What the reader thread saw, shared with the test under a lock.
private final class ReadCount: @unchecked Sendable {
    private let lock = NSCondition()
    private var counts = (reads: 0, torn: 0)
    private var stopping = false
    private var finished = false

    var reads: Int { lock.withLock { counts.reads } }
    var torn: Int { lock.withLock { counts.torn } }
    var stopped: Bool { lock.withLock { stopping } }

    func add(torn: Bool) {
        lock.withLock {
            counts.reads += 1
            if torn { counts.torn += 1 }
        }
    }

    func stop() { lock.withLock { stopping = true } }

    func finish() {
        lock.withLock {
            finished = true
            lock.broadcast()
        }
    }

    func waitUntilFinished() {
        lock.lock()
        while !finished { lock.wait() }
        lock.unlock()
    }
}
