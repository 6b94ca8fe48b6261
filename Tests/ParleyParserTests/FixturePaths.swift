import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// Where the test fixtures live, found from this file so tests run from any working directory.
enum FixturePaths {
    /// `Tests/ParleyParserTests/Fixtures`, absolute.
    static let root: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().appendingPathComponent("Fixtures").standardizedFileURL.path
    }()

    /// `Fixtures/valid`, absolute.
    static var valid: String { root + "/valid" }

    /// `Fixtures/invalid`, absolute.
    static var invalid: String { root + "/invalid" }

    /// The absolute path of `name` under `Fixtures/valid`.
    static func valid(_ name: String) -> String { valid + "/" + name }

    /// The absolute path of `name` under `Fixtures/invalid`.
    static func invalid(_ name: String) -> String { invalid + "/" + name }

    /// The relative paths of every file under `folder` ending in `suffix`, sorted.
    static func files(under folder: String, suffix: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// `text` with the machine-specific fixtures folder written as `Fixtures/`, in the absolute form
    /// the tests pass and in the working-directory-relative form `Validator` uses for parley.yaml.
    static func normalized(_ text: String) -> String {
        var text = text.replacingOccurrences(of: root + "/", with: "Fixtures/")
        let cwd = FileManager.default.currentDirectoryPath
        if root.hasPrefix(cwd + "/") {
            text = text.replacingOccurrences(of: String(root.dropFirst(cwd.count + 1)) + "/", with: "Fixtures/")
        }
        return text
    }

    /// Parses `Fixtures/valid/<name>`, recording an issue for every diagnostic, and returns its flow.
    static func parseValid(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Flow {
        let result = FlowParser().parse(path: valid(name))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return try #require(result.flow, sourceLocation: sourceLocation)
    }

    /// Parses flow text held in a test, as if read from `inline.flow.yaml`.
    static func parse(_ text: String) -> FlowParser.Result {
        FlowParser().parse(text: text, path: "inline.flow.yaml")
    }

    /// The messages `Validator` reports for flow text, after writing it to a temporary file.
    static func messages(validating text: String) throws -> [String] {
        try diagnostics(validating: text).map(\.message)
    }

    /// What `Validator` reports for flow text, after writing it to a temporary file.
    static func diagnostics(validating text: String) throws -> [Diagnostic] {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("inline.flow.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return Validator().validate(paths: [file.path]).diagnostics
    }
}

extension ParleyModel.SourceLocation {
    /// `line:column`, for compact assertions.
    var lineColumn: String { "\(line):\(column)" }
}

extension Template {
    /// The parts written back compactly: literals as text, references as `${name@line:column}`.
    var sketch: String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .reference(let reference, let location): return "${\(reference)@\(location.lineColumn)}"
            }
        }.joined()
    }
}

extension EventPattern {
    /// The matcher on field `key` of this pattern's object matcher, if it has one.
    func field(_ key: String) -> Matcher? {
        guard case .object(let fields)? = matcher?.kind else { return nil }
        return fields.first { $0.key == key }?.matcher
    }
}
