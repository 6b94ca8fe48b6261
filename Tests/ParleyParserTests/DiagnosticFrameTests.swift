import ParleyModel
import ParleyParser
import Testing

/// Code frames and undefined-variable lists stay readable on generated files: a very long line is
/// cut around the column, and thousands of undefined names are counted, not each printed.
@Suite("diagnostic frames and caps")
struct DiagnosticFrameTests {
    @Test("a short line is shown whole with the caret under its column")
    func shortLine() {
        let source = SourceText(path: "f.flow.yaml", text: "steps:\n  - send: \"${x}\"\n")
        let diagnostic = Diagnostic.error("undefined variable 'x'", at: SourceLocation(file: "f.flow.yaml", line: 2, column: 12))
        #expect(diagnostic.rendered(source: source) == "f.flow.yaml:2:12: error: undefined variable 'x'\n      - send: \"${x}\"\n    " + String(repeating: " ", count: 11) + "^")
    }

    @Test("a line longer than the frame is cut around the column, the caret still under it")
    func longLineIsCut() throws {
        let line = String(repeating: "a", count: 5000) + "${here}" + String(repeating: "b", count: 5000)
        let diagnostic = Diagnostic.error("undefined variable 'here'", at: SourceLocation(file: "f.flow.yaml", line: 1, column: 5001))
        let frame = diagnostic.rendered(source: SourceText(path: "f", text: line)).split(separator: "\n").map(String.init)
        #expect(frame.count == 3)
        let shown = String(frame[1].dropFirst(4))
        let caret = String(frame[2].dropFirst(4))
        #expect(shown.count == 162, "\(shown.count)")
        #expect(shown.hasPrefix("…a") && shown.hasSuffix("b…"))
        #expect(caret.hasSuffix("^") && caret.dropLast().allSatisfy { $0 == " " })
        #expect(shown.dropFirst(caret.count - 1).hasPrefix("${here}"), "\(shown)\n\(caret)")
    }

    @Test("a problem at the start or the end of a long line is cut on one side only")
    func cutOnOneSide() {
        let line = "${first}" + String(repeating: "x", count: 1000) + "${last}"
        let start = Diagnostic.error("e", at: SourceLocation(file: "f", line: 1, column: 1)).rendered(source: SourceText(path: "f", text: line))
        let startLines = start.split(separator: "\n")
        #expect(startLines[1].dropFirst(4).hasPrefix("${first}xx") && startLines[1].hasSuffix("x…") && startLines[2] == "    ^")
        let end = Diagnostic.error("e", at: SourceLocation(file: "f", line: 1, column: 1009)).rendered(source: SourceText(path: "f", text: line))
        let endLines = end.split(separator: "\n")
        let shown = endLines[1].dropFirst(4)
        #expect(shown.hasPrefix("…x") && shown.hasSuffix("${last}"))
        #expect(shown.dropFirst(endLines[2].count - 5).hasPrefix("${last}"), "\(shown)\n\(endLines[2])")
    }

    @Test("6,000 undefined variables: the first 20 reported, then one count of the rest")
    func undefinedVariablesAreCapped() throws {
        let names = (0..<6000).map { "${v\($0)}" }.joined(separator: " ")
        let diagnostics = try FixturePaths.diagnostics(validating: "flow: f\nsteps:\n  - send: \"\(names)\"\n")
        #expect(diagnostics.count == 21)
        #expect(diagnostics.prefix(20).map(\.message) == (0..<20).map { "undefined variable 'v\($0)'" })
        #expect(diagnostics.last?.message == "… and 5,980 more undefined variables (the first 20 are shown)")
        #expect(diagnostics.last?.severity == .error)
    }

    @Test("up to 20 undefined variables are each reported, with no count")
    func fewAreAllShown() throws {
        let names = (0..<20).map { "${w\($0)}" }.joined(separator: " ")
        let diagnostics = try FixturePaths.diagnostics(validating: "flow: f\nsteps:\n  - send: \"\(names)\"\n")
        #expect(diagnostics.map(\.message) == (0..<20).map { "undefined variable 'w\($0)'" })
    }
}
