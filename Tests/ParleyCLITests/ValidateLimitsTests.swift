import Foundation
import ParleyTesting
import Testing

/// `parley validate` on files that used to hide a problem or bury it: a broken parley.yaml beside
/// a flow given by path, and a generated flow with thousands of undefined variables.
@Suite("parley validate: what it reports and how much")
struct ValidateLimitsTests {
    let executable = ProjectPaths.product("parley")

    @Test("a flow given by path that does not parse still has its broken parley.yaml reported")
    func brokenProjectBesideBrokenFlow() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "agents:\n  a: { connector: agui, url: \"http://127.0.0.1:9/\" }\n  b: [oops\n"
            .write(to: project.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        try "flow: [x\n".write(to: project.appendingPathComponent("x.flow.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: executable, directory: folder).run(["validate", "project/x.flow.yaml"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("project/parley.yaml:4:1: error: invalid YAML"), "\(output.stderr)")
        #expect(output.stderr.contains("project/x.flow.yaml:2:1: error: invalid YAML"), "\(output.stderr)")
        #expect(output.stdout == "1 flow file and 1 project file: 2 errors\n", "\(output.stdout)")
    }

    @Test("a flow with 6,000 undefined variables prints the first 20, a count of the rest, and cut source lines")
    func undefinedVariablesAreCapped() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = (0..<6000).map { "${v\($0)}" }.joined()
        try "flow: generated\nagent: { connector: agui, url: \"http://127.0.0.1:9/\" }\nsteps:\n  - send: \"\(names)\"\n"
            .write(to: folder.appendingPathComponent("big.flow.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: executable, directory: folder).run(["validate", "big.flow.yaml"])
        #expect(output.status == 2)
        // It used to be 420 MB: every error repeated the 50,000-character line and a caret line as long.
        #expect(output.stderr.utf8.count < 20_000, "\(output.stderr.utf8.count) bytes")
        let errors = output.stderr.split(separator: "\n").filter { $0.hasPrefix("big.flow.yaml:") }
        #expect(errors.count == 21)
        #expect(errors.first == "big.flow.yaml:4:12: error: undefined variable 'v0'")
        #expect(errors.filter { $0.contains("error: undefined variable 'v") }.count == 20)
        #expect(errors.last == "big.flow.yaml:4:122: error: … and 5,980 more undefined variables (the first 20 are shown)", "\(errors.last ?? "")")
        #expect(output.stdout == "1 flow file and 0 project files: 21 errors\n", "\(output.stdout)")
        // Each code frame shows the line cut around the column, the caret under the `$`.
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 200 }, "\(lines.map(\.count).max() ?? 0)")
        let frame = try #require(lines.firstIndex { $0.hasPrefix("big.flow.yaml:4:122:") })
        let shown = lines[frame + 1].dropFirst(4)
        let caret = lines[frame + 2].dropFirst(4)
        #expect(shown.hasPrefix("…") && shown.hasSuffix("…"), "\(shown)")
        #expect(Array(shown)[caret.count - 1] == "$", "\(shown)\n\(caret)")
        #expect(shown.dropFirst(caret.count - 1).hasPrefix("${v20}"), "\(shown)\n\(caret)")
    }
}
