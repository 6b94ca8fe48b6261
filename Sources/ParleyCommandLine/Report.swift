import ArgumentParser
import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel

/// `parley report REPORT.json…`: JUnit, JSON and HTML written again from JSON reports; the
/// shards of a run put back together.
struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Rebuild JUnit, JSON and HTML reports from JSON reports: merge the shards of a run.",
        discussion: """
            Each REPORT.json is a report `parley run --json` (or the files plugin) wrote; the transcripts it names \
            are read from beside it, as written with --transcripts or files: transcripts: true. The reports are \
            merged in the order given: every flow run once, timed from the earliest start to the latest end. \
            The merged JSON report names the transcripts where they are, relative to its own folder.

            Exit codes: 0 every flow passed (or was skipped for a model its machine lacks, as parley run counts \
            it); 1 a flow failed (or, with --fail-on-skip, was skipped), or a shard was interrupted or lost a report of its \
            own; 2 a report cannot be read or a flow run is in two of them (nothing is written); 3 a file \
            could not be written, or a transcript a report names is missing or damaged (the rest is still written).
            """
    )

    @Flag(help: "Exit 1 when a flow run was skipped (a model it needs was not configured where it ran).")
    var failOnSkip = false

    @Argument(help: "JSON reports to merge (the shards of one run).")
    var reports: [String]

    @Option(help: "Write JUnit XML to this file.")
    var junit: String?

    @Option(help: "Write the merged JSON report to this file.")
    var json: String?

    @Option(help: "Write the self-contained HTML report to this file.")
    var html: String?

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("give at least one JSON report, e.g. parley report shard-*/report.json --html report.html") }
        guard junit != nil || json != nil || html != nil else {
            throw ValidationError("nothing to write; give --junit FILE, --json FILE or --html FILE")
        }
    }

    func run() async throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
        let rebuild: ReportRebuild
        do {
            rebuild = try ReportRebuild.read(reports.map(url))
        } catch {
            print("parley report: \(error.description.escapingControls)", to: &standardError)
            throw ExitStatus.invalidInput
        }
        let written = rebuild.write(junit: junit.map(url), json: json.map(url), html: html.map(url))
        let problems = rebuild.problems + written
        for problem in problems { print("parley report: \(problem.escapingControls)", to: &standardError) }
        let summary = rebuild.summary
        print("\(summary.results.count) flow runs from \(reports.count) \(reports.count == 1 ? "report" : "reports"): \(summary.passed) passed, \(summary.flaky) flaky, \(summary.failed) failed, \(summary.skipped) skipped")
        if !problems.isEmpty { throw ExitStatus.of(.reportsIncomplete) }
        // As `parley run` ends: a shard's lost report is a failure here, since this run must stand for it.
        if RunEnding(summary, signal: nil, skipsFail: failOnSkip) != .passed || !summary.pluginFailures.isEmpty { throw ExitStatus.of(.failed) }
    }
}
