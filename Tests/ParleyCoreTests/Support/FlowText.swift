import Foundation
import ParleyModel
import ParleyParser
import Testing

/// Flows written inline in tests, so each test shows the flow it runs.
enum FlowText {
    /// The path parsed flows report in locations and failure messages.
    static let path = "t.flow.yaml"

    /// Parses `yaml` as the flow file `t.flow.yaml` (or `path`); any diagnostic fails the parse.
    static func parse(_ yaml: String, path: String = path) throws -> Flow {
        let parsed = FlowParser().parse(text: yaml, path: path)
        guard let flow = parsed.flow, parsed.diagnostics.isEmpty else {
            throw Unparsed(diagnostics: parsed.diagnostics.map { $0.rendered(source: nil) })
        }
        return flow
    }

    /// Parses the flow file at `path` (for `include:`, which reads other files from disk).
    static func parse(file path: String) throws -> Flow {
        let parsed = FlowParser().parse(path: path)
        guard let flow = parsed.flow, parsed.diagnostics.isEmpty else {
            throw Unparsed(diagnostics: parsed.diagnostics.map { $0.rendered(source: nil) })
        }
        return flow
    }

    /// `t.flow.yaml:line:column`.
    static func at(_ line: Int, _ column: Int = 5) -> ParleyModel.SourceLocation {
        ParleyModel.SourceLocation(file: path, line: line, column: column)
    }

    struct Unparsed: Error, CustomStringConvertible {
        var diagnostics: [String]
        var description: String { diagnostics.joined(separator: "\n") }
    }
}

/// A directory of files for one test, removed when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "parley-core-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the directory; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
