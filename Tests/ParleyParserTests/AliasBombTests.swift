import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// Alias bombs in every position are refused fast, at the alias's or the key's place (issue 13,
/// point 7). Before, a bomb inside an explicit key or a list used as a key hung in Yams' duplicate
/// key check, which hashes the whole expansion.
@Suite("alias bombs in every position")
struct AliasBombTests {
    /// The 9-level, 9-wide bomb of `LimitsTests` (9^9 nodes once expanded) with `extra` lines
    /// added under `vars:`.
    static func bomb(_ extra: String) -> String {
        LimitsTests.aliasBomb(levels: 9, width: 9).replacingOccurrences(of: "steps:", with: extra + "\nsteps:")
    }

    func messages(_ text: String) -> [String] {
        FixturePaths.parse(text).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    static let explicitKey = "an explicit key ('? …') may not be used in a file with anchors; write the key as a plain word"
    static let collectionKey = "a list or mapping may not be used as a mapping key"
    static let budget = "document expands to more than 100000 nodes through aliases; refusing it (a YAML alias bomb?)"

    @Test("an explicit key holding an alias, on its line or the next, is refused at the '?'", .timeLimit(.minutes(1)))
    func explicitKeys() {
        #expect(messages(Self.bomb("  k:\n    ? *l8\n    : 1")) == ["13:5: \(Self.explicitKey)"])
        #expect(messages(Self.bomb("  k:\n    ?\n      *l8\n    : 1")) == ["13:5: \(Self.explicitKey)"])
        #expect(messages(Self.bomb("  k:\n    ? [*l8, *l8]\n    : 1")) == ["13:5: \(Self.explicitKey)"])
        #expect(messages(Self.bomb("  k:\n    ? - *l8\n      - *l8\n    : 1")) == ["13:5: \(Self.explicitKey)"])
    }

    @Test("in a flow mapping, an alias or an explicit key is refused", .timeLimit(.minutes(1)))
    func flowMappings() {
        #expect(messages(Self.bomb("  k: { *l8 : 1 }")) == ["12:8: an alias may not be used as a mapping key"])
        #expect(messages(Self.bomb("  k: { ? *l8 : 1 }")) == ["12:8: \(Self.explicitKey)"])
        #expect(messages(Self.bomb("  k: { ? [*l8] : 1 }")) == ["12:8: \(Self.explicitKey)"])
        #expect(messages(Self.bomb("  k: { [*l8]: 1 }")) == ["12:8: \(Self.collectionKey)"])
    }

    @Test("a list or mapping holding an alias used as a block key is refused at its start", .timeLimit(.minutes(1)))
    func collectionKeys() {
        #expect(messages(Self.bomb("  k:\n    [*l8, *l8]: 1")) == ["13:5: \(Self.collectionKey)"])
        #expect(messages(Self.bomb("  k:\n    { a: *l8 }: 1")) == ["13:5: \(Self.collectionKey)"])
        #expect(messages(Self.bomb("  k:\n    - [*l8]: 1")) == ["13:7: \(Self.collectionKey)"])
    }

    @Test("bombs as values, in lists and flow mappings, hit the node budget", .timeLimit(.minutes(1)))
    func values() {
        #expect(messages(Self.bomb("  k: [*l8, *l8]")).map { String($0.drop { $0 != " " }.dropFirst()) } == [Self.budget])
        #expect(messages(Self.bomb("  k: { a: *l8, b: [*l8] }")).map { String($0.drop { $0 != " " }.dropFirst()) } == [Self.budget])
        #expect(messages(Self.bomb("  k:\n    - *l8\n    - - *l8")).map { String($0.drop { $0 != " " }.dropFirst()) } == [Self.budget])
    }

    @Test("plain keys in a file with anchors still read, brackets inside a word too")
    func plainKeysStillRead() {
        let text = """
            flow: Anchors and plain keys
            vars:
              base: &base { tier: gold }
              copy: *base
              items[0]: plain
            steps:
              - send: "Q&A [draft]: what?"
              - expect: { reply: { json_path: { "$.items[0]": A-1 } } }
            """
        // `items[0]` gets past the loader as the plain word it is; the flow parser then names it.
        #expect(messages(text) == ["5:3: 'items[0]' is not a valid variable name: use ASCII letters, digits, '_' or '-', starting with a letter"])
    }

    @Test("parley.yaml goes through the same loader: a bomb as a key is refused there too", .timeLimit(.minutes(1)))
    func projectFile() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parley.yaml").path
        var lines = ["x0: &l0 [" + Array(repeating: "lol", count: 9).joined(separator: ", ") + "]"]
        for level in 1..<9 {
            lines.append("x\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("? [*l8, *l8]\n: 1")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = ProjectParser.parse(path: path)
        #expect(result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == ["10:1: \(Self.explicitKey)"])
    }
}

/// Deep nesting is refused before anything recursive reads it (found by the fuzz test: 1,000
/// levels of `[` overflowed a 512 KiB stack in Yams' composer).
@Suite("nesting limits")
struct NestingLimitTests {
    @Test("flow collections nested 1,000 deep are refused at the line, with the limit")
    func deepFlow() {
        for (open, close) in [("[", "]"), ("{a: ", "}")] {
            let nested = String(repeating: open, count: 1000) + "x" + String(repeating: close, count: 1000)
            let parsed = FixturePaths.parse("flow: Deep\nvars:\n  deep: \(nested)\nsteps:\n  - send: hi\n")
            #expect(parsed.diagnostics.map { "\($0.location.line): \($0.message)" } == ["3: nesting deeper than 100 levels is refused"])
        }
    }

    @Test("block lists nested by indentation or by compact '- - -' are refused too")
    func deepBlock() {
        let indented = (0..<150).map { String(repeating: " ", count: $0 * 2 + 2) + "-" }.joined(separator: "\n")
        #expect(FixturePaths.parse("flow: Deep\nvars:\n  deep:\n\(indented) x\nsteps:\n  - send: hi\n").diagnostics.map(\.message) == [
            "nesting deeper than 100 levels is refused"
        ])
        let compact = String(repeating: "- ", count: 150) + "x"
        #expect(FixturePaths.parse("flow: Deep\nvars:\n  deep:\n    \(compact)\nsteps:\n  - send: hi\n").diagnostics.map(\.message) == [
            "nesting deeper than 100 levels is refused"
        ])
    }

    @Test("brackets inside plain text and block scalars are text, however many lines hold them")
    func textBrackets() {
        let steps = (0..<150).map { "  - log: see [note \($0)" }.joined(separator: "\n")
        #expect(FixturePaths.parse("flow: Text\nsteps:\n\(steps)\n").diagnostics.map(\.message) == [])
        let block = "flow: Block\ndescription: |\n" + String(repeating: "  [[[{{ text\n", count: 150) + "steps:\n  - send: hi\n"
        #expect(FixturePaths.parse(block).diagnostics.map(\.message) == [])
    }

    @Test("brackets in quotes and comments do not count; the example flows pass; the limit is the loader's")
    func notCounted() {
        let brackets = String(repeating: "[", count: 300)
        let text = "flow: Brackets\nsteps:\n  - send: \"\(brackets)\"  # \(brackets)\n  - send: '\(brackets)'\n"
        #expect(FixturePaths.parse(text).diagnostics.isEmpty)
        let nested = String(repeating: "[", count: 20) + "x" + String(repeating: "]", count: 20)
        let flow = "flow: Deep\nvars:\n  deep: \(nested)\nsteps:\n  - send: hi\n"
        #expect(FixturePaths.parse(flow).diagnostics.isEmpty)
        #expect(FlowParser(loader: YAMLLoader(maxDepth: 10)).parse(text: flow, path: "a.flow.yaml").diagnostics.map(\.message) == [
            "nesting deeper than 10 levels is refused"
        ])
    }
}
