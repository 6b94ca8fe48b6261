import Foundation
import ParleyModel
import ParleyParser
import Testing

/// Each file in `Fixtures/invalid` is validated, and the rendered diagnostics (path, line:column,
/// message, code line, caret) must equal its sibling `.expected` file exactly. Paths in the
/// expected files start at `Fixtures/`, whichever machine and working directory the tests run from.
@Suite("diagnostic fixtures")
struct DiagnosticFixtureTests {
    static let names = FixturePaths.files(under: FixturePaths.invalid, suffix: ".flow.yaml")

    /// The `.expected` file beside fixture `name`.
    static func expectedPath(_ name: String) -> String {
        FixturePaths.invalid(String(name.dropLast(".flow.yaml".count)) + ".expected")
    }

    /// What `parley validate` would print for fixture `name`, with the fixtures folder made portable.
    static func rendered(_ name: String) -> (text: String, report: Validator.Report) {
        let report = Validator().validate(paths: [FixturePaths.invalid(name)])
        return (FixturePaths.normalized(report.rendered()), report)
    }

    @Test("an invalid fixture renders exactly its expected diagnostics", arguments: names)
    func rendersExpected(name: String) throws {
        let expected = try String(contentsOfFile: Self.expectedPath(name), encoding: .utf8)
        let (text, report) = Self.rendered(name)
        #expect(text + "\n" == expected)
        #expect(report.hasErrors)
    }

    @Test("every invalid fixture has an expected file, and every expected file a fixture")
    func pairedFiles() {
        let expected = FixturePaths.files(under: FixturePaths.invalid, suffix: ".expected")
        #expect(expected == Self.names.map { String($0.dropLast(".flow.yaml".count)) + ".expected" })
        #expect(Self.names.count >= 30)
    }

    @Test("the fixtures cover at least twenty distinct messages")
    func distinctMessages() {
        var messages = Set<String>()
        for name in Self.names {
            for diagnostic in Validator().validate(paths: [FixturePaths.invalid(name)]).diagnostics {
                // The message without its quoted specifics, so two typos of one kind count once.
                messages.insert(diagnostic.message.replacingOccurrences(of: "'[^']*'", with: "_", options: .regularExpression))
            }
        }
        #expect(messages.count >= 20, "\(messages.sorted())")
    }

    @Test("every diagnostic names the file it is in, and no fixture renders a caret past its line")
    func locatedInFile() {
        for name in Self.names {
            let report = Validator().validate(paths: [FixturePaths.invalid(name)])
            for diagnostic in report.diagnostics {
                let source = report.sources[diagnostic.location.file]
                #expect(source != nil, "no source for \(diagnostic.location)")
                guard let line = source?.line(diagnostic.location.line) else { continue }
                // A column one past the end is where libyaml reports "expected something here".
                #expect(diagnostic.location.column <= line.unicodeScalars.count + 1, "\(diagnostic.location)")
            }
        }
    }

    @Test("several problems in one file are all reported in one pass, in line order")
    func onePass() {
        let report = Validator().validate(paths: [FixturePaths.invalid("012-multiple-problems.flow.yaml")])
        #expect(report.diagnostics.map(\.location.line) == [2, 5, 6, 6, 7, 8])
        #expect(report.diagnostics.allSatisfy { $0.severity == .error })
        // The flow is still built from what could be read, so later checks (variables) ran too.
        #expect(report.flows[FixturePaths.invalid("012-multiple-problems.flow.yaml")] != nil)
    }

    @Test("validating the invalid folder reports every fixture's problems and reads the project file once")
    func wholeFolder() {
        let report = Validator().validate(paths: [FixturePaths.invalid])
        #expect(report.flowFiles.count == Self.names.count)
        #expect(report.projectFiles == [FixturePaths.invalid("project/parley.yaml")])
        let files = Set(report.diagnostics.map(\.location.file))
        for name in Self.names where name != "010-include-cycle.flow.yaml" {
            #expect(files.contains(FixturePaths.invalid(name)), "\(name) reported nothing")
        }
        #expect(files.contains(FixturePaths.invalid("included/cycle-b.yaml")))
    }

    @Test("a flow file that does not exist is one diagnostic at its path")
    func missingFile() {
        let path = FixturePaths.invalid("no-such.flow.yaml")
        let report = Validator().validate(paths: [path])
        #expect(report.rendered() == "\(path):1:1: error: no such file or folder")
        let parsed = FlowParser().parse(path: path)
        #expect(parsed.flow == nil)
        #expect(parsed.diagnostics.map(\.message) == ["file not found"])
    }
}
