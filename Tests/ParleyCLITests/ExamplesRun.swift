import Foundation
import ParleyTesting

/// One `parley validate Flows` and one `parley run Flows --parallel 8` of every example, in a copy,
/// shared by the tests that assert on it. The examples' agents think in real time (~15 s a run at
/// --parallel 4, ~10 s at 8: their flows mostly wait), so the suite runs them whole once; the
/// tests of tags, shards and merges run a fixture of fast flows.
struct ExamplesRun: Sendable {
    var validate: CommandRunner.Output
    var run: CommandRunner.Output
    /// The files plugin's JUnit (Flows/reports/junit.xml).
    var junit: String
    /// The names in Flows/reports/transcripts.
    var transcripts: [String]

    /// Started by the first test that awaits it; the copy is removed once the run is read.
    static let shared = Task { () throws -> ExamplesRun in
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(executable: ProjectPaths.product("parley"), directory: folder)
        // Both at once: validate reads the flows and parley.yaml, the run writes only Flows/reports.
        // One after the other they were the CLI group's longest chain (validate alone 23 s of it
        // beside builds, where it takes 0.3 s on an idle machine: the group's first seconds are its
        // busiest).
        let clock = ContinuousClock()
        let start = clock.now
        async let validating = parley.run(["validate", "Flows"])
        let run = try await parley.run(["run", "Flows", "--parallel", "8"])
        let ran = clock.now
        let validate = try await validating
        let reports = folder.appendingPathComponent("Flows/reports")
        // Kept whatever the outcome: twice (clitime's pg1, suite7's seqrel2) this pair took 97 s
        // beside builds where it takes 11-15 s, every flow passing, and nothing showed which part.
        let artifacts = ProjectPaths.root.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        // One file per run (the time it ended in its name): a slow run followed by a quick one keeps
        // both (2026-11-27, 23:34: 84 s beside a release build, then 20 s).
        let stamp = Int(Date().timeIntervalSince1970)
        try? "run \(ran - start), validate and run \(clock.now - start)\n\(run.stdout)\n\(run.stderr)".write(
            to: artifacts.appendingPathComponent("examples-run-\(stamp).log"), atomically: true, encoding: .utf8)
        return ExamplesRun(
            validate: validate, run: run,
            junit: (try? String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)) ?? "",
            transcripts: (try? FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("transcripts").path)) ?? [])
    }
}
