import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleyParser

/// Turns a project (parley.yaml and its flows) into a run, exactly as `parley run` does: the
/// same planning, the same checks and messages, the same plugins. `parley` is flag parsing over it.
///
/// ```swift
/// let prepared = await Runner().prepare(RunRequest(paths: ["Flows"]))
/// guard let run = prepared.run else { print(prepared.findings.rendered()); return }
/// let summary = await run.start()
/// ```
public struct Runner: Sendable {
    public var registry: Registry
    public var environment: ProcessEnvironment
    /// The logger connectors and plugins log their own trouble through.
    public var logger: Logger
    /// The clock flows run on. A test of in-process agents may give a `ManualClock`, so their
    /// scripted timing is virtual and a loaded machine cannot stretch it; network agents need real time.
    public var clock: any MonotonicClock = SystemClock()

    /// A runner of `registry`'s connectors and plugins, reading `${env.X}` and `${secret.X}` from `environment`.
    public init(registry: Registry = .builtIn, environment: ProcessEnvironment = ProcessEnvironment(), logger: Logger? = nil) {
        self.registry = registry
        self.environment = environment
        self.logger = logger ?? Self.defaultLogger
    }

    /// Checks everything a run depends on without starting anything: what `parley validate` prints.
    public func validate(_ request: RunRequest) async -> Validation {
        let resources = RunResources(logger: logger)
        let (plan, findings) = planner(request, resources).plan(paths: request.paths)
        for connector in plan.connectors { await connector.shutdown() }
        await resources.shutdown()
        return Validation(
            findings: findings, secrets: plan.secrets, flowFiles: plan.flowFiles, projectFiles: plan.projectFiles, inputs: plan.inputs)
    }

    /// Plans a run: every check `validate` makes, then the plugins. A run comes back only when
    /// nothing is wrong; the findings (warnings too) are to be shown before it starts.
    public func prepare(_ request: RunRequest) async -> PreparedRun {
        let resources = RunResources(logger: logger)
        let (plan, checked) = planner(request, resources).plan(paths: request.paths)
        var findings = checked
        let searched = request.paths.joined(separator: " ")
        if !findings.hasErrors && plan.flowFiles.isEmpty {
            findings.note(.error, "nothing to run: no *.flow.yaml or *.flow.yml under \(searched)")
        } else if !findings.hasErrors && plan.flows.isEmpty {
            findings.note(.error, "nothing to run: every flow was left out by --tag/--exclude-tag")
        }
        var plugins: [any Plugin] = []
        if !findings.hasErrors {
            do throws(InvalidInput) {
                plugins = try makePlugins(plan, request: request, resources: resources)
            } catch {
                findings.add(error)
            }
        }
        let validation = Validation(
            findings: findings, secrets: plan.secrets, flowFiles: plan.flowFiles, projectFiles: plan.projectFiles, inputs: plan.inputs)
        guard !findings.hasErrors else {
            for connector in plan.connectors { await connector.shutdown() }
            await resources.shutdown()
            return PreparedRun(validation: validation, run: nil)
        }
        let options = SuiteOptions(
            parallel: request.parallel, retries: request.retries, repetitions: request.repetitions, failFast: request.failFast,
            shard: request.shard, variables: request.variables.mapValues(JSONValue.string))
        let run = ProjectRun(
            flows: plan.flows, plugins: plugins, options: options, secrets: plan.secrets, connectors: plan.connectors, resources: resources,
            clock: clock)
        return PreparedRun(validation: validation, run: run)
    }

    /// Plans and runs `request`, with `plugins` beside parley.yaml's: the summary, or the findings
    /// when something is wrong (nothing ran).
    public func run(_ request: RunRequest, plugins: [any Plugin] = []) async -> Result<RunSummary, Validation> {
        let prepared = await prepare(request)
        guard var run = prepared.run else { return .failure(prepared.validation) }
        run.plugins += plugins
        return .success(await run.start())
    }

    private func planner(_ request: RunRequest, _ resources: RunResources) -> RunPlanner {
        RunPlanner(
            registry: registry, resources: resources, environment: environment, agentOverride: request.agent, tags: request.tags,
            excludeTags: request.excludeTags, variables: request.variables.mapValues(JSONValue.string), useModelCache: !request.noCache)
    }

    private func makePlugins(_ plan: RunPlanner.Plan, request: RunRequest, resources: RunResources) throws(InvalidInput) -> [any Plugin] {
        var renderer = SettingsRenderer(environment: environment)
        var configs: [(PluginConfig, [String: JSONValue])] = []
        for config in plan.project?.plugins ?? [] {
            configs.append((config, try renderer.render(config.settings)))
        }
        let directory = plan.project.map { URL(fileURLWithPath: ($0.path as NSString).deletingLastPathComponent) }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let factory = PluginFactory(
            registry: registry, projectDirectory: directory, isTerminal: request.isTerminal, resources: resources,
            overrides: request.pluginSettings)
        var plugins = try factory.plugins(configs)
        if let files = BuiltInPlugins.report(junit: request.junit, json: request.json, html: request.html, transcripts: request.transcripts) {
            plugins.append(files)
        }
        return plugins
    }

    /// Warnings and worse on standard error, as `parley` logs.
    static var defaultLogger: Logger {
        var logger = Logger(label: "parley") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        return logger
    }
}
