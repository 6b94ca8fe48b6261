import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// Input that would hang the parser or exhaust memory is refused with one clear diagnostic.
@Suite("input limits")
struct LimitsTests {
    /// A billion-laughs document: `levels` anchored lists, each holding `width` aliases of the one before.
    static func aliasBomb(levels: Int, width: Int) -> String {
        var lines = ["flow: Billion laughs", "vars:"]
        lines.append("  l0: &l0 [" + Array(repeating: "lol", count: width).joined(separator: ", ") + "]")
        for level in 1..<levels {
            lines.append("  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\nsteps:\n  - send: hi\n"
    }

    /// Writes `text` to a flow file in a fresh temporary folder and runs `body` with its path.
    static func withFlowFile(_ text: String, _ body: (String) throws -> Void) throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("limit.flow.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try body(file.path)
    }

    @Test("an alias bomb of 9 levels of 9 aliases is refused, not expanded", .timeLimit(.minutes(1)))
    func aliasBomb() throws {
        try Self.withFlowFile(Self.aliasBomb(levels: 9, width: 9)) { path in
            let parsed = FlowParser().parse(path: path)
            #expect(parsed.flow == nil)
            try #require(parsed.diagnostics.count == 1)
            let diagnostic = parsed.diagnostics[0]
            #expect(diagnostic.location.file == path)
            #expect(
                diagnostic.message
                    == "document expands to more than 100000 nodes through aliases; refusing it (a YAML alias bomb?)")

            let report = Validator().validate(paths: [path])
            #expect(report.diagnostics == parsed.diagnostics)
            #expect(report.rendered().hasPrefix("\(path):"))
        }
    }

    @Test("a document within the node budget may use aliases")
    func smallAliases() throws {
        let text = "flow: Aliases\nvars:\n  base: &base { tier: gold }\n  copy: *base\nsteps:\n  - send: hi\n"
        let parsed = FixturePaths.parse(text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.flow?.vars.map(\.name) == ["base", "copy"])
        #expect(parsed.flow?.vars[0].value == parsed.flow?.vars[1].value)
    }

    @Test("the node budget is the loader's setting")
    func customNodeBudget() {
        let text = Self.aliasBomb(levels: 3, width: 9)  // about a thousand nodes
        #expect(FlowParser().parse(text: text, path: "a.flow.yaml").diagnostics.isEmpty)
        let strict = FlowParser(loader: YAMLLoader(maxNodes: 100)).parse(text: text, path: "a.flow.yaml")
        #expect(strict.diagnostics.map(\.message) == [
            "document expands to more than 100 nodes through aliases; refusing it (a YAML alias bomb?)"
        ])
    }

    @Test(
        "an alias bomb used as a mapping key is refused before Yams hashes the keys",
        .timeLimit(.minutes(1)))
    func aliasBombAsKey() throws {
        let text = Self.aliasBomb(levels: 9, width: 9).replacingOccurrences(of: "steps:", with: "  k: { *l8 : 1 }\nsteps:")
        let parsed = FixturePaths.parse(text)
        #expect(parsed.diagnostics.map(\.message) == ["an alias may not be used as a mapping key"])
        #expect(parsed.flow == nil)
    }

    @Test("a 10 MB file is refused before it is read", .timeLimit(.minutes(1)))
    func hugeFile() throws {
        let line = "  - send: \"" + String(repeating: "x", count: 100) + "\"\n"
        let body = String(repeating: line, count: 10 * 1024 * 1024 / line.utf8.count + 1)
        let text = "flow: Huge\nsteps:\n" + body
        #expect(text.utf8.count > 10 * 1024 * 1024)
        try Self.withFlowFile(text) { path in
            let parsed = FlowParser().parse(path: path)
            #expect(parsed.flow == nil)
            #expect(parsed.sources.isEmpty)
            try #require(parsed.diagnostics.count == 1)
            #expect(parsed.diagnostics[0].location.description == "\(path):1:1")
            #expect(parsed.diagnostics[0].message == "file is \(text.utf8.count) bytes; files over 1048576 bytes are refused")

            let report = Validator().validate(paths: [path])
            #expect(report.diagnostics.count == 1)
            #expect(report.rendered() == "\(path):1:1: error: file is \(text.utf8.count) bytes; files over 1048576 bytes are refused")
        }
    }

    @Test("text handed to the parser directly is held to the same size limit")
    func hugeText() {
        let text = "flow: Too long for this loader\nsteps:\n  - send: a fairly long message\n"
        #expect(text.utf8.count == 70)
        let parsed = FlowParser(loader: YAMLLoader(maxBytes: 64)).parse(text: text, path: "t.flow.yaml")
        #expect(parsed.flow == nil)
        #expect(parsed.diagnostics.map(\.message) == ["file is 70 bytes; files over 64 bytes are refused"])
    }

    @Test("a file that is not UTF-8 is refused with its path")
    func notUTF8() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("latin1.flow.yaml")
        try Data([0x66, 0x6C, 0x6F, 0x77, 0x3A, 0x20, 0xE9, 0xFF, 0x0A]).write(to: file)
        let parsed = FlowParser().parse(path: file.path)
        #expect(parsed.diagnostics.map(\.description) == ["\(file.path):1:1: file is not readable UTF-8 text"])
    }
}

extension Diagnostic {
    /// `path:line:column: message`, for compact assertions.
    fileprivate var description: String { "\(location): \(message)" }
}
