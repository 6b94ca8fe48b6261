import Foundation
import Testing

@testable import ParleyFiles

/// A transcript on a disk that fills up keeps whole lines only, and says after which line it stops.
@Suite("files transcripts: a full disk")
struct TranscriptCutTests {
    /// A disk of `capacity` bytes: a write takes what fits (a short write), then fails with ENOSPC.
    final class SmallDisk: TranscriptStorage {
        var bytes: [UInt8] = []
        let capacity: Int
        let truncateFails: Bool
        var closed = false

        init(capacity: Int, truncateFails: Bool = false) {
            self.capacity = capacity
            self.truncateFails = truncateFails
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }

        func write(_ buffer: UnsafeRawBufferPointer) throws(POSIXError) -> Int {
            guard bytes.count < capacity else { throw POSIXError(.ENOSPC) }
            let count = min(buffer.count, capacity - bytes.count)
            bytes += buffer.prefix(count)
            return count
        }

        func truncate(to length: Int) throws(POSIXError) {
            if truncateFails { throw POSIXError(.EIO) }
            bytes = Array(bytes.prefix(length))
        }

        func close() { closed = true }
    }

    static let url = URL(fileURLWithPath: "/reports/transcripts/flow.jsonl")
    static let line = #"{"type":"log","text":"0123456789"}"#  // 34 bytes, 35 with its newline

    static func transcript(_ disk: SmallDisk, chunk: Int = 64 * 1024) -> TranscriptFile {
        TranscriptFile(url: url, flowStarted: .zero, storage: disk, chunk: chunk)
    }

    @Test("a short write that cuts a line: the partial line is cut off and the error names the last whole line")
    func shortWrite() {
        let disk = SmallDisk(capacity: 35 * 3 + 10)
        let file = Self.transcript(disk)
        for _ in 0..<5 { #expect(file.append(Self.line) == nil) }
        let failure = file.close()
        #expect(failure?.description == "/reports/transcripts/flow.jsonl stops after line 3: No space left on device; the lines after it are lost")
        #expect(disk.text == String(repeating: Self.line + "\n", count: 3))
        #expect(disk.closed)
    }

    @Test("a chunk flushed midway: lines already out count, the stop is reported once, later lines are dropped quietly")
    func midRun() {
        let disk = SmallDisk(capacity: 35 * 4 + 1)
        let file = Self.transcript(disk, chunk: 70)  // a flush every two lines
        var failures: [FilesPluginError] = []
        for _ in 0..<10 {
            if let failure = file.append(Self.line) { failures.append(failure) }
        }
        if let failure = file.close() { failures.append(failure) }
        #expect(failures.map(\.description) == ["/reports/transcripts/flow.jsonl stops after line 4: No space left on device; the lines after it are lost"])
        #expect(disk.text == String(repeating: Self.line + "\n", count: 4))
        #expect(file.lines == 4 && file.stopped)
    }

    @Test("a write at every cut point leaves whole lines only")
    func everyCut() {
        let total = 35 * 4
        for capacity in 0...total {
            let disk = SmallDisk(capacity: capacity)
            let file = Self.transcript(disk)
            for _ in 0..<4 { _ = file.append(Self.line) }
            let failure = file.close()
            #expect(disk.bytes.count % 35 == 0, "capacity \(capacity)")
            #expect((failure == nil) == (capacity == total), "capacity \(capacity)")
            #expect(file.lines == capacity / 35, "capacity \(capacity)")
        }
    }

    @Test("nothing fits: the transcript could not be written at all")
    func nothingFits() {
        let disk = SmallDisk(capacity: 0)
        let file = Self.transcript(disk)
        _ = file.append(Self.line)
        #expect(file.close()?.description == "cannot write /reports/transcripts/flow.jsonl: No space left on device")
        #expect(disk.bytes.isEmpty)
    }

    @Test("a partial line that cannot be cut off is said to be there")
    func cannotTrim() {
        let disk = SmallDisk(capacity: 35 + 10, truncateFails: true)
        let file = Self.transcript(disk)
        _ = file.append(Self.line)
        _ = file.append(Self.line)
        #expect(
            file.close()?.description
                == "/reports/transcripts/flow.jsonl is cut mid-line after line 1: No space left on device (removing the partial line failed: Input/output error)")
    }
}
