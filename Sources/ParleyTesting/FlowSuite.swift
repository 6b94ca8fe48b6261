import ParleyCore
import ParleyModel
import ParleyRunner

/// A folder of flows run from a test, exactly as `parley run` runs it (parley.yaml's agents,
/// `serve:` agents and plugins included), failing the test once per failing flow at the flow's
/// failing step.
///
/// ```swift
/// @Test func flows() async { await FlowSuite("Flows").expectAllPass() }          // Swift Testing
/// func testFlows() async { await FlowSuite("Flows").assertAllPass() }            // XCTest
/// ```
///
/// Relative paths are read from the current directory: the package root under `swift test`.
/// The console shows only failed flows and the summary (the log plugin at `error`); set
/// `request.pluginSettings["log"]` to see more.
public struct FlowSuite: Sendable {
    /// What to run and how: `parley run`'s options.
    public var request: RunRequest
    /// The registry, environment and logger the flows run with.
    public var runner: Runner

    /// A suite of the flows under `paths` (none: the current folder, as `parley run`), run with
    /// `registry`'s connectors and plugins.
    public init(_ paths: String..., registry: Registry = .builtIn) {
        self.init(request: RunRequest(paths: paths.isEmpty ? ["."] : paths), runner: Runner(registry: registry))
        self.request.pluginSettings["log"] = ["level": "error"]
    }

    /// A suite of exactly `request` run by `runner`.
    public init(request: RunRequest, runner: Runner) {
        self.request = request
        self.runner = runner
    }

    /// Runs the flows: the summary, or the findings that stopped them before they started.
    public func run() async -> Result<RunSummary, Validation> {
        await runner.run(request)
    }

    /// Runs the flows and lists what failed; empty when every flow passed.
    public func failures() async -> [FlowFailure] {
        FlowFailure.failures(of: await run())
    }

    /// Runs the flows and hands each failure to `report`: the summary, or nil when nothing ran.
    func run(reporting report: (FlowFailure) -> Void) async -> RunSummary? {
        let outcome = await run()
        for failure in FlowFailure.failures(of: outcome) { report(failure) }
        return try? outcome.get()
    }
}
