import ArgumentParser
import Foundation
import Logging
import ParleyCore
import ParleyLog
import ParleyModel
import ParleyParser
import ParleyRunner

/// `parley run [paths…]`: run flows against their agents and report what happened.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run flows; exit 0 when all pass, 1 when one fails, 2 on invalid input, 3 when a report is incomplete, 130 on Ctrl-C.",
        discussion: """
            Folders are searched for *.flow.yaml and *.flow.yml. Everything `parley validate` checks is checked \
            first, with the same messages; nothing runs when something is wrong. Each flow runs against the agent it names (or --agent, or \
            parley.yaml's defaults.agent) with the plugins of its parley.yaml. Reports are written even when \
            flows fail or the run is interrupted.

            Exit codes, the first that applies: 2 invalid input (nothing ran); 3 a plugin failed, so a report \
            or transcript is missing or cut (each one is named on standard error); 130, 143 or 129 \
            interrupted by SIGINT (Ctrl-C), SIGTERM or SIGHUP (128 + the signal's number; the reports are \
            still written, and a second signal quits at once); 3 also when --require-delivery is given and a \
            webhook POST or Pushgateway push was lost; 1 a flow failed (or, with --fail-on-skip, was skipped); 0 every \
            flow passed or was skipped for a model this machine does not configure (each skip is counted and named). When \
            standard output goes away (parley run | head) the console falls silent and the run goes on.

            With --watch, the files the flows read are looked at every 400 ms after the run: a change \
            to a flow file or a file it includes runs that flow again, a change to parley.yaml or an agent \
            script every flow, with one line each time (changed: … — 3 flows: 3 passed, 0 failed). A change \
            that makes the flows invalid prints the problems and waits for the next one. Ctrl-C ends the \
            watch with exit 0; only a command line with nothing to watch exits 2.
            """
    )

    @Argument(help: "Flow files or folders (default: the current folder).")
    var paths: [String] = []

    @Option(name: .customLong("tag"), help: "Run only flows with this tag (repeatable; any of them).")
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: "Skip flows with this tag (repeatable).")
    var excludeTags: [String] = []

    @Option(help: "Run every flow against this agent of parley.yaml.")
    var agent: String?

    @Option(name: .customLong("var"), help: "Set a variable, k=v (repeatable); wins over vars: and data rows.")
    var variables: [String] = []

    @Option(help: "Flows to run at once (each in its own session).")
    var parallel = 1

    @Option(help: "Retry a failed flow up to N times; a pass on a retry is reported as flaky.")
    var retries = 0

    @Option(help: "Run only shard i of n (a stable split by file path), e.g. 2/4.")
    var shard: String?

    @Option(name: .customLong("repeat"), help: "Run each flow N times and report its pass rate.")
    var repetitions = 1

    @Option(help: "Also write JUnit XML to this file.")
    var junit: String?

    @Option(help: "Also write the JSON report to this file.")
    var json: String?

    @Option(help: "Also write the self-contained HTML report to this file.")
    var html: String?

    @Option(help: "Also write a JSONL transcript per flow under this folder.")
    var transcripts: String?

    @Flag(help: "Start no more flows after the first failure.")
    var failFast = false

    @Flag(help: "Ask the models of `similar` and `judge` afresh: read no cached answer and keep none.")
    var noCache = false

    @Flag(help: "Exit 1 when a flow is skipped because a model it needs (models: in parley.yaml) is not configured here.")
    var failOnSkip = false

    @Flag(help: "Exit 3 when a webhook POST or Pushgateway push could not be delivered (for cron jobs whose alert is the point).")
    var requireDelivery = false

    @Flag(name: .shortAndLong, help: "Show every step, user action and agent event (the console at debug level).")
    var verbose = false

    @Option(name: .customLong("log-level"), help: "The console's level: error, warning, info or debug (wins over parley.yaml's log plugin).")
    var logLevel: String?

    @Flag(help: "After the run, run again the flows whose files, includes or agent scripts change, until Ctrl-C (which exits 0).")
    var watch = false

    func validate() throws {
        guard parallel >= 1 else { throw ValidationError("--parallel must be at least 1") }
        guard retries >= 0 else { throw ValidationError("--retries must be 0 or more") }
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let shard, Self.shard(shard) == nil { throw ValidationError("--shard must be i/n with 1 ≤ i ≤ n, e.g. 2/4; got \(shard)") }
        for variable in variables where !variable.contains("=") {
            throw ValidationError("--var must be k=v; got \(variable)")
        }
        if let logLevel { try LogLevelOption.check(logLevel) }
    }

    func run() async throws {
        if watch { return try await runWatching() }
        let runner = Runner(registry: ParleyCommand.registry)
        let prepared = await runner.prepare(request)
        // The same text `parley validate` prints; warnings too, before the run's own output.
        if !prepared.validation.findings.isEmpty { print(prepared.validation.rendered() + "\n", to: &standardError) }
        guard let run = prepared.run else { throw ExitStatus.invalidInput }
        // The signals are heard until the end, reports and deliveries included: a second one
        // always quits at once. The first cancels the run; the host still finishes every plugin.
        let running = Task { await run.start() }
        let interrupts = Interrupts { running.cancel() }
        defer { interrupts.stop() }
        let summary = await running.value
        for failure in summary.pluginFailures {
            print("plugin failed: \(failure.escapingControls)", to: &standardError)
        }
        // The log plugin's finish waited for its text already; this covers a console that failed.
        await QueuedOutput.standardOutput.flush()
        if let stopped = QueuedOutput.standardOutput.stoppedBy, stopped != EPIPE {
            // A reader that left (EPIPE) chose to; a full disk under `> run.log` did not.
            print("parley: standard output failed (\(String(cString: strerror(stopped)))); the console stopped there", to: &standardError)
        }
        let ending = RunEnding(summary, signal: interrupts.received, requireDelivery: requireDelivery, skipsFail: failOnSkip)
        if ending == .deliveryFailed {
            let count = summary.deliveryFailures.count
            print("parley: \(count) \(count == 1 ? "delivery was" : "deliveries were") lost and --require-delivery was given (exit 3)", to: &standardError)
        }
        if ending != .passed { throw ExitStatus.of(ending) }
    }

    /// The command line as a request to the runner.
    var request: RunRequest {
        var request = RunRequest(paths: paths.isEmpty ? ["."] : paths)
        request.tags = tags
        request.excludeTags = excludeTags
        request.agent = agent
        request.variables = Dictionary(variables.map(Self.variable)) { _, last in last }
        request.parallel = parallel
        request.retries = retries
        request.repetitions = repetitions
        request.failFast = failFast
        request.noCache = noCache
        request.shard = shard.flatMap(Self.shard)
        request.junit = junit
        request.json = json
        request.html = html
        request.transcripts = transcripts
        request.isTerminal = isatty(STDOUT_FILENO) == 1
        if let level = verbose ? "debug" : logLevel { request.pluginSettings["log"] = ["level": .string(level)] }
        return request
    }

    static func shard(_ text: String) -> Shard? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        return Shard(index: index, count: count)
    }

    static func variable(_ text: String) -> (String, String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
}
