import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import ParleyCore
import ParleyHTTP
import ParleyLog
import ParleyModel
import ParleyParser

/// `parley run [paths…]`: run flows against their agents and report what happened.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run flows; exit 0 when all pass, 1 when one fails, 2 on invalid input, 3 when a report is incomplete, 130 on Ctrl-C.",
        discussion: """
            Folders are searched for *.flow.yaml and *.flow.yml. Everything `parley validate` checks is checked \
            first, with the same messages; nothing runs when something is wrong. Each flow runs against the agent it names (or --agent, or \
            parley.yaml's defaults.agent) with the plugins of its parley.yaml. Reports are written even when \
            flows fail or the run is interrupted.

            Exit codes, the first that applies: 2 invalid input (nothing ran); 3 a plugin failed, so a report \
            or transcript is missing or cut (each one is named on standard error); 130, 143 or 129 \
            interrupted by SIGINT (Ctrl-C), SIGTERM or SIGHUP (128 + the signal's number; the reports are \
            still written, and a second signal quits at once); 1 a flow failed; 0 every flow passed. When \
            standard output goes away (parley run | head) the console falls silent and the run goes on.
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

    @Option(help: "Also write a JSONL transcript per flow under this folder.")
    var transcripts: String?

    @Flag(help: "Start no more flows after the first failure.")
    var failFast = false

    func validate() throws {
        guard parallel >= 1 else { throw ValidationError("--parallel must be at least 1") }
        guard retries >= 0 else { throw ValidationError("--retries must be 0 or more") }
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let shard, Self.shard(shard) == nil { throw ValidationError("--shard must be i/n with 1 ≤ i ≤ n, e.g. 2/4; got \(shard)") }
        for variable in variables where !variable.contains("=") {
            throw ValidationError("--var must be k=v; got \(variable)")
        }
    }

    func run() async throws {
        // One HTTP client for the whole run, shut down after its connectors.
        try await RunHTTPClient.with { try await run(httpClient: $0) }
    }

    private func run(httpClient: HTTPClient) async throws {
        let environment = ProcessEnvironment()
        let variables = Dictionary(self.variables.map(Self.variable)) { _, last in last }
        let planner = RunPlanner(
            environment: environment, agentOverride: agent, tags: tags, excludeTags: excludeTags, variables: variables, httpClient: httpClient)
        let (plan, checked) = planner.plan(paths: paths.isEmpty ? ["."] : paths)
        var findings = checked
        if !findings.hasErrors && plan.flowFiles.isEmpty {
            findings.note(.error, "nothing to run: no *.flow.yaml or *.flow.yml under \(paths.isEmpty ? "." : paths.joined(separator: " "))")
        } else if !findings.hasErrors && plan.flows.isEmpty {
            findings.note(.error, "nothing to run: every flow was left out by --tag/--exclude-tag")
        }
        var plugins: [any Plugin] = []
        if !findings.hasErrors {
            do throws(InvalidInput) {
                plugins = try makePlugins(plan, environment: environment, httpClient: httpClient)
            } catch {
                findings.add(error)
            }
        }
        // The same text `parley validate` prints; warnings too, before the run's own output.
        if !findings.isEmpty { print(findings.rendered(masking: plan.secrets) + "\n", to: &standardError) }
        if findings.hasErrors {
            for connector in plan.connectors { await connector.shutdown() }
            throw ExitStatus.invalidInput
        }
        let options = SuiteOptions(
            parallel: parallel, retries: retries, repetitions: repetitions, failFast: failFast, shard: shard.flatMap(Self.shard),
            variables: variables)
        // The signals are heard until the end, reports and deliveries included: a second one
        // always quits at once. The first cancels the run; the host still finishes every plugin.
        let secrets = SecretRegistry(secrets: plan.secrets)
        let running = Task {
            await PluginHost.run(plugins: plugins, secrets: secrets) { host in
                await SuiteRunner(clock: SystemClock(), options: options).run(plan.flows, host: host)
            }
        }
        let interrupts = Interrupts { running.cancel() }
        defer { interrupts.stop() }
        let summary = await running.value
        for connector in plan.connectors { await connector.shutdown() }
        for failure in summary.pluginFailures {
            print("plugin failed: \(failure.escapingControls)", to: &standardError)
        }
        if let stopped = DescriptorOutput.standardOutput.stoppedBy, stopped != EPIPE {
            // A reader that left (EPIPE) chose to; a full disk under `> run.log` did not.
            print("parley: standard output failed (\(String(cString: strerror(stopped)))); the console stopped there", to: &standardError)
        }
        let ending = RunEnding(summary, signal: interrupts.received)
        if ending != .passed { throw ExitStatus.of(ending) }
    }

    private func makePlugins(_ plan: RunPlanner.Plan, environment: ProcessEnvironment, httpClient: HTTPClient) throws(InvalidInput) -> [any Plugin] {
        var renderer = SettingsRenderer(environment: environment)
        var configs: [(PluginConfig, [String: JSONValue])] = []
        for config in plan.project?.plugins ?? [] {
            configs.append((config, try renderer.render(config.settings)))
        }
        let directory = plan.project.map { URL(fileURLWithPath: ($0.path as NSString).deletingLastPathComponent) }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var logger = Logger(label: "parley") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        let factory = PluginFactory(projectDirectory: directory, isTerminal: isatty(STDOUT_FILENO) == 1, logger: logger, httpClient: httpClient)
        var plugins = try factory.plugins(configs)
        if let junit { plugins.append(PluginFactory.reportPlugin(junit: junit)) }
        if let json { plugins.append(PluginFactory.reportPlugin(json: json)) }
        if let transcripts { plugins.append(PluginFactory.reportPlugin(transcripts: transcripts)) }
        return plugins
    }

    static func shard(_ text: String) -> Shard? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        return Shard(index: index, count: count)
    }

    static func variable(_ text: String) -> (String, JSONValue) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), .string(parts.count > 1 ? String(parts[1]) : ""))
    }
}
