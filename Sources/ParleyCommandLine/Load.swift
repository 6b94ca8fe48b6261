import ArgumentParser
import Foundation
import ParleyCore
import ParleyLoad
import ParleyLog
import ParleyModel
import ParleyParser
import ParleyRunner

/// `parley load [paths…]`: flows run over and over as virtual users, with throughput, errors and
/// latency percentiles at the end.
struct Load: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Run flows as virtual users for a while; report throughput, errors and latency percentiles (p50, p90, p99, max).",
        discussion: """
            The flows are planned and checked as `parley run` plans them, against the agent each names (or \
            --agent, or parley.yaml's defaults.agent); parley.yaml's plugins are not run, since a load makes \
            thousands of runs. --users N (the closed model, the default with 1 user): N virtual users, each \
            running the flows round robin until --duration is over, started evenly over --ramp. --rate R/s \
            (the open model): R runs started each second whatever the agent's pace; an arrival that finds \
            --max-in-flight runs going is dropped and counted, not queued. Runs going when the duration ends \
            finish on their own timeouts.

            One progress line goes to standard error every second (elapsed, active users, runs, errors, \
            runs/s); the summary table to standard output: runs and steps per second, the error rate, and \
            p50, p90, p99 and max of each flow run's duration, and per step of its duration, first token, \
            reply and agent run, from HdrHistograms at microsecond precision. --json writes the same figures. \
            Ctrl-C stops the load and still prints them (runs cut short are counted apart).

            Exit codes: 0 the error rate was at most --max-error-rate (default 0); 1 it was higher; 2 invalid \
            input (nothing ran); 130, 143 or 129 interrupted by SIGINT, SIGTERM or SIGHUP, after the summary.
            """
    )

    @Argument(help: "Flow files or folders (default: the current folder).")
    var paths: [String] = []

    @Option(help: "Virtual users, each running the flows one after another (the closed model).")
    var users: Int?

    @Option(help: "Start the users evenly over this long, like 30s.")
    var ramp = "0s"

    @Option(help: "How long to start new runs, like 30s or 5m.")
    var duration = "1m"

    @Option(help: "Start R runs a second whatever the agent's pace, written R/s or R (the open model).")
    var rate: String?

    @Option(name: .customLong("max-in-flight"), help: "With --rate: runs going at once, at most; an arrival past it is dropped.")
    var maxInFlight = 1000

    @Option(name: .customLong("tag"), help: "Load only flows with this tag (repeatable; any of them).")
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: "Leave out flows with this tag (repeatable).")
    var excludeTags: [String] = []

    @Option(help: "Run every flow against this agent of parley.yaml.")
    var agent: String?

    @Option(name: .customLong("var"), help: "Set a variable, k=v (repeatable); wins over vars: and data rows.")
    var variables: [String] = []

    @Option(help: "Also write the figures as JSON to this file.")
    var json: String?

    @Option(name: .customLong("max-error-rate"), help: "Exit 1 when more than this share of runs failed, 0…1.")
    var maxErrorRate = 0.0

    @Flag(inversion: .prefixedNo, help: "A progress line on standard error every second.")
    var progress = true

    func validate() throws {
        _ = try plan()
        guard (0...1).contains(maxErrorRate) else { throw ValidationError("--max-error-rate must be between 0 and 1; got \(maxErrorRate)") }
        for variable in variables where !variable.contains("=") {
            throw ValidationError("--var must be k=v; got \(variable)")
        }
    }

    /// The options as a schedule, or why they are not one.
    func plan() throws -> LoadPlan {
        guard let duration = DurationParser.parse(duration), duration > .zero else {
            throw ValidationError("--duration must be a duration like 30s or 5m; got \(self.duration)")
        }
        if let rate {
            guard users == nil else { throw ValidationError("--users and --rate are two ways to load; give one") }
            guard ramp == "0s" else { throw ValidationError("--ramp goes with --users; --rate starts at its rate from the first second") }
            let number = rate.hasSuffix("/s") ? String(rate.dropLast(2)) : rate
            guard let perSecond = Double(number), perSecond > 0, perSecond.isFinite else {
                throw ValidationError("--rate must be runs a second, like 5/s or 0.5/s; got \(rate)")
            }
            guard maxInFlight >= 1 else { throw ValidationError("--max-in-flight must be at least 1") }
            return LoadPlan(model: .open(perSecond: perSecond, maxInFlight: maxInFlight), duration: duration)
        }
        let users = users ?? 1
        guard users >= 1 else { throw ValidationError("--users must be at least 1") }
        guard let ramp = DurationParser.parse(ramp) else { throw ValidationError("--ramp must be a duration like 30s; got \(ramp)") }
        return LoadPlan(model: .closed(users: users, ramp: ramp), duration: duration)
    }

    func run() async throws {
        let plan = try plan()
        let runner = Runner(registry: ParleyCommand.registry)
        let prepared = await runner.prepare(request)
        if !prepared.validation.findings.isEmpty { print(prepared.validation.rendered() + "\n", to: &standardError) }
        guard let project = prepared.run else { throw ExitStatus.invalidInput }
        // A run skips a flow whose model is missing; a load would loop on the skip, measuring nothing.
        let unrunnable = project.flows.compactMap { flow in flow.skipReason.map { "\(flow.path): \($0)" } }
        guard unrunnable.isEmpty else {
            for line in unrunnable { print("parley load: cannot run \(line)", to: &standardError) }
            await project.discard()
            throw ExitStatus.invalidInput
        }
        let jobs = LoadJob.jobs(project.flows)
        let secrets = SecretRegistry(secrets: prepared.validation.secrets)
        let load = LoadRunner(clock: SystemClock(), plan: plan, overrides: request.variables.mapValues(JSONValue.string))
        let flowCount = jobs.count == 1 ? "1 flow" : "\(jobs.count) flows"
        print("\(LoadSummary.headline(plan)) over \(flowCount); Ctrl-C stops with the figures so far", to: &standardError)
        var report: (@Sendable (LoadProgress) -> Void)?
        if progress { report = { DescriptorOutput.standardError.write($0.line + "\n") } }
        let running = Task { await Self.run(load, jobs, secrets: secrets, progress: report) }
        let interrupts = Interrupts { running.cancel() }
        defer { interrupts.stop() }
        let summary = await running.value.redacted(by: secrets.current)
        await project.discard()
        print(summary.table)
        if let json {
            do {
                try Data((summary.json.prettyPrinted() + "\n").utf8).write(to: URL(fileURLWithPath: json), options: .atomic)
            } catch {
                print("parley load: could not write \(json): \(error.localizedDescription)", to: &standardError)
                throw ExitStatus.reportsIncomplete
            }
        }
        if let signal = interrupts.received { throw ExitStatus.of(.interrupted(signal: signal)) }
        if summary.errorRate > maxErrorRate { throw ExitStatus.failed }
    }

    /// Runs the load with a plugin host of no plugins: flows publish their events to one, and the
    /// secrets it masks with are the run's.
    private static func run(
        _ load: LoadRunner, _ jobs: [LoadJob], secrets: SecretRegistry, progress: (@Sendable (LoadProgress) -> Void)?
    ) async -> LoadSummary {
        let box = SummaryBox()
        _ = await PluginHost.run(plugins: [], secrets: secrets) { host in
            let summary = await load.run(jobs, host: host, progress: progress)
            box.summary = summary
            return RunSummary(results: [], startedAt: Date(), duration: summary.elapsed, interrupted: summary.interrupted)
        }
        return box.summary ?? LoadTally().summary(plan: load.plan, elapsed: .zero, interrupted: true)
    }

    /// The flows to load, as `parley run` would plan them.
    var request: RunRequest {
        var request = RunRequest(paths: paths.isEmpty ? ["."] : paths)
        request.tags = tags
        request.excludeTags = excludeTags
        request.agent = agent
        request.variables = Dictionary(variables.map(Run.variable)) { _, last in last }
        return request
    }
}

/// The summary out of the plugin host's body, which returns a run summary of its own.
private final class SummaryBox: @unchecked Sendable {
    var summary: LoadSummary?
}
