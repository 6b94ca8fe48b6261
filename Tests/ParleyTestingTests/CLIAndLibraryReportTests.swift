import Foundation
import Parley
import ParleyTesting
import Testing

/// `parley run` and the runner library produce the same report for the same project and
/// options: the command line is flag parsing over the library, nothing more.
///
/// It lives beside the in-process tests, not in ParleyCLITests: the library run serves PolyAI and
/// CometChat agents inside the test process, and the CLI tests block the process's shared threads
/// waiting on their `parley` processes, which starves in-process servers (scripts/test).
@Suite struct CLIAndLibraryReportTests {
    let executable = ProjectPaths.product("parley")

    @Test("parley run Flows --json and Runner with json give the same flows, names, outcomes, steps and failures")
    func theExamplesReportTheSame() async throws {
        let (folder, flows) = try TestFolders.examples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cli, library) = try await reports(of: flows, in: folder)
        #expect(cli.count == 29 + 1, "29 flow runs (12-meaning skipped: no models here) and the counts")
        #expect(cli == library)
    }

    @Test("a failing flow's failure reads the same from parley run and from the Runner")
    func aFailureReportsTheSame() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("failing")
        try FileManager.default.copyItem(at: TestFolders.fixture("failing"), to: project)
        let (cli, library) = try await reports(of: project, in: folder)
        #expect(cli.contains { $0.contains(#"failed: expected reply containing "shipped" within 5s"#) }, "\(cli)")
        #expect(cli == library)
    }

    /// Runs `project` with `--parallel 4 --log-level error --json`, once through the `parley`
    /// binary and once through `Runner`, one after the other (both may write the project's
    /// reports), and returns each report as comparable lines.
    private func reports(of project: URL, in folder: URL) async throws -> (cli: [String], library: [String]) {
        let cliReport = folder.appendingPathComponent("cli.json")
        let libraryReport = folder.appendingPathComponent("library.json")
        let ran = try await ChildProcess.run(
            executable, ["run", project.path, "--parallel", "4", "--log-level", "error", "--json", cliReport.path], in: folder)
        #expect(ran.status == 0 || ran.status == 1, "\(ran.output)")

        var request = RunRequest(paths: [project.path])
        request.parallel = 4
        request.pluginSettings["log"] = ["level": "error"]
        request.json = libraryReport.path
        let summary = try await Runner().run(request).get()
        #expect(!summary.results.isEmpty)
        return (try Self.comparable(cliReport), try Self.comparable(libraryReport))
    }

    /// The report without its times: the counts, then per flow run its id, name, path, outcome,
    /// failure, and each step's summary, outcome and failure.
    static func comparable(_ report: URL) throws -> [String] {
        let data = try Data(contentsOf: report)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let counts = try #require(json["counts"] as? [String: Any])
        var lines = ["counts " + counts.keys.sorted().map { "\($0)=\(counts[$0] ?? "")" }.joined(separator: " ")]
        for flow in try #require(json["flows"] as? [[String: Any]]) {
            let steps = (flow["steps"] as? [[String: Any]]) ?? []
            var line = ["\(flow["id"] ?? "")", "\(flow["name"] ?? "")", "\(flow["path"] ?? "")", Self.outcome(flow), "\(steps.count) steps"]
            line += steps.map { "\($0["summary"] ?? ""): \(Self.outcome($0))" }
            lines.append(line.joined(separator: " | "))
        }
        return lines
    }

    /// `passed`, or `failed: message at file:line:column`, or `skipped: reason`.
    private static func outcome(_ entry: [String: Any]) -> String {
        let outcome = "\(entry["outcome"] ?? "")"
        if let failure = entry["failure"] as? [String: Any] { return "\(outcome): \(failure["message"] ?? "") at \(failure["location"] ?? "")" }
        if let reason = entry["reason"] { return "\(outcome): \(reason)" }
        return outcome
    }
}
