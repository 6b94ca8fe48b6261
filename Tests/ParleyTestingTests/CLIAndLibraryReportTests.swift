import Foundation
import Parley
import ParleyTesting
import Testing

/// `parley run` and the runner library produce the same report for the same project and
/// options: the command line is flag parsing over the library, nothing more.
///
/// It lives beside the in-process tests, not in ParleyCLITests: the library run serves PolyAI and
/// CometChat agents inside the test process, and the CLI tests block the process's shared threads
/// waiting on their `parley` processes, which starves in-process servers. Nor among the in-process
/// tests: `scripts/test` runs it beside them in its real-time group, with the meaning and load tests,
/// which mostly wait, so the Runner's real-time run keeps the examples' latency budgets.
@Suite struct CLIAndLibraryReportTests {
    let executable = ProjectPaths.product("parley")

    @Test("parley run Flows --json and Runner with json give the same flows, names, outcomes, steps and failures")
    func theExamplesReportTheSame() async throws {
        let (cli, library) = try await reports {
            let (folder, flows) = try TestFolders.examples()
            return (folder, flows)
        }
        #expect(cli.count == 29 + 1, "29 flow runs (12-meaning skipped: no models here) and the counts")
        #expect(cli == library)
    }

    @Test("a failing flow's failure reads the same from parley run and from the Runner")
    func aFailureReportsTheSame() async throws {
        let (cli, library) = try await reports {
            let folder = try ProjectPaths.temporaryFolder()
            let project = folder.appendingPathComponent("failing")
            try FileManager.default.copyItem(at: TestFolders.fixture("failing"), to: project)
            return (folder, project)
        }
        #expect(cli.contains { $0.contains(#"failed: expected reply containing "shipped" within 5s"#) }, "\(cli)")
        #expect(cli == library)
    }

    /// Runs a project with `--parallel 30 --log-level error --json` (every flow run at once) through the `parley` binary and
    /// through `Runner` at once, each in a copy of its own from `copy` (both write the project's
    /// reports; the scripted agents think in real time, so one after the other took twice as
    /// long), and returns each report as comparable lines.
    private func reports(
        of copy: () throws -> (folder: URL, project: URL)
    ) async throws -> (cli: [String], library: [String]) {
        let (cliFolder, cliProject) = try copy()
        defer { try? FileManager.default.removeItem(at: cliFolder) }
        let (libraryFolder, libraryProject) = try copy()
        defer { try? FileManager.default.removeItem(at: libraryFolder) }
        let cliReport = cliFolder.appendingPathComponent("cli.json")
        let libraryReport = libraryFolder.appendingPathComponent("library.json")
        // CommandRunner waits on a thread of its own, so the in-process run beside it keeps the pool's threads.
        async let ran = CommandRunner(executable: executable, directory: cliFolder)
            .run(["run", cliProject.path, "--parallel", "30", "--log-level", "error", "--json", cliReport.path])

        var request = RunRequest(paths: [libraryProject.path])
        request.parallel = 30
        request.pluginSettings["log"] = ["level": "error"]
        request.json = libraryReport.path
        let summary = try await Runner().run(request).get()
        #expect(!summary.results.isEmpty)
        let cliRun = try await ran
        #expect(cliRun.status == 0 || cliRun.status == 1, "\(cliRun.stdout)\(cliRun.stderr)")
        // Each copy's reports name its own folder.
        let cli = try Self.comparable(cliReport).map { $0.replacingOccurrences(of: cliFolder.path, with: "<copy>") }
        let library = try Self.comparable(libraryReport).map { $0.replacingOccurrences(of: libraryFolder.path, with: "<copy>") }
        return (cli, library)
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
