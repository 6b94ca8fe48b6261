import Foundation
import ParleyTesting
import Testing

@testable import ParleyMetrics

/// The textfile is replaced whole: a reader sees the old text or the new, never part of one, and
/// a write that fails leaves the old file and no temporary one.
@Suite("metrics: the textfile")
struct TextfileTests {
    @Test("a reader racing 200 writes only ever sees one whole version; no temporary file is left")
    func atomic() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("node/parley.prom")
        // Large enough that a plain write would be seen half done.
        let versions = ["a", "b"].map { String(repeating: "parley_x{v=\"\($0)\"} 1\n", count: 20_000) }
        try Textfile.write(versions[0], to: file)
        let reader = Task.detached { () -> (reads: Int, torn: Int) in
            var reads = 0
            var torn = 0
            while !Task.isCancelled {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                reads += 1
                if !versions.contains(text) { torn += 1 }
            }
            return (reads, torn)
        }
        for index in 0..<200 { try Textfile.write(versions[index % 2], to: file) }
        reader.cancel()
        let seen = await reader.value
        #expect(seen.reads > 0)
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
            #expect("\(error)".hasPrefix("metrics: cannot write \(file.path): "), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["parley.prom"], "no temporary file left")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.path) == ["inside"], "what was there is untouched")

        // Its folder's place is taken by a plain file: the folder cannot be made.
        try Data().write(to: folder.appendingPathComponent("plain"))
        let underFile = folder.appendingPathComponent("plain/sub/parley.prom")
        #expect(throws: MetricsError.self) { try Textfile.write("x", to: underFile) }
    }
}
