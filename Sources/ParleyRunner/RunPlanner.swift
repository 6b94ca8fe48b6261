import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleyParser

/// Turns paths and options into flows ready to run, checking everything a run depends on in one
/// pass: the flows, every parley.yaml they use (agents, plugins, settings), agent scripts,
/// connector capabilities against the actions each flow performs, the names each data row gives
/// and `--var`. `parley validate` and `parley run` both call it, so a project `validate` passes
/// never stops `run` with exit 2. Nothing is started or connected: connectors are only built.
struct RunPlanner {
    var registry: Registry
    var resources: RunResources
    var environment: ProcessEnvironment
    var agentOverride: String?
    var tags: [String] = []
    var excludeTags: [String] = []
    /// `--var`.
    var variables: [String: JSONValue] = [:]
    /// Whether `similar`/`judge` answers are read from and kept in the disk cache (`--no-cache`: not).
    var useModelCache = true

    /// Everything a run needs from the files.
    struct Plan {
        var flows: [PlannedFlow]
        /// The project of the first flow: its plugins serve the run.
        var project: ProjectConfig?
        /// Secret values from parley.yaml settings.
        var secrets: Set<String>
        /// Flows left out by `--tag`/`--exclude-tag`.
        var filteredOut: Int
        /// The connectors the flows use, shut down once the run (or the check) is over.
        var connectors: [any Connector]
        /// Flow files and project files checked.
        var flowFiles: [String]
        var projectFiles: [String]
        /// What each flow reads, and what they all read.
        var inputs: FlowInputs
    }

    /// The plan, and every problem found on the way; the plan is only to be run without errors.
    func plan(paths: [String]) -> (Plan, PlanFindings) {
        let report = Validator(catalog: registry.catalog).validate(paths: paths)
        var findings = PlanFindings(diagnostics: [], general: [], sources: report.sources)
        findings.append(report.diagnostics)
        var renderer = SettingsRenderer(environment: environment)
        let factory = ConnectorFactory(registry: registry, resources: resources)
        var projects = Projects(catalog: registry.catalog)
        for path in report.projectFiles { _ = projects.config(at: path, into: &findings) }
        var flows: [PlannedFlow] = []
        var firstProject: ProjectConfig?
        var filteredOut = 0
        var used = Set<String>()
        var uses: [VariableUse] = []
        var inputs = FlowInputs(flows: report.inputs)
        var meaningPlans: [String: MeaningPlan] = [:]
        for file in report.flowFiles {
            // The project a flow file belongs to is read even when the flow does not parse: a
            // broken parley.yaml beside it is reported with the flow's own mistakes.
            var project: ProjectConfig?
            if let located = ProjectParser.locate(from: file) { project = projects.config(at: Self.relative(located), into: &findings) }
            guard let flow = report.flows[file] else { continue }
            if case .inline(let agent)? = flow.agent {
                let directory = (file as NSString).deletingLastPathComponent
                inputs.flows[file, default: [file]].formUnion(FlowInputs.files(of: agent, directory: directory, catalog: registry.catalog))
            }
            let isSelected = selected(flow)
            if !isSelected { filteredOut += 1 }
            if isSelected && firstProject == nil { firstProject = project }
            uses.append(VariableUse(flow))
            // A flow with mistakes of its own is only partly read: checking its agent and names
            // would report guesses. Its own errors stop the run already.
            guard !report.diagnostics.contains(where: { $0.severity == .error && $0.location.file == file }) else { continue }
            checkNames(flow, file: file, into: &findings)
            // A flow `--tag`/`--exclude-tag` leaves out is not run against `--agent`; validate,
            // which selects nothing, checks it against its own agent.
            guard isSelected else { continue }
            let connector: any Connector
            let agentName: String?
            do throws(InvalidInput) {
                let (agent, directory) = try agent(for: flow, file: file, project: project)
                agentName = agent.name.isEmpty ? nil : agent.name  // an inline agent has no name
                used.insert(Self.key(agent, directory))
                let settings = try renderer.render(agent.settings)
                if let declaration = registry.connector(named: agent.connector)?.declaration { renderer.noteCredentials(of: declaration, in: settings) }
                connector = try factory.connector(for: agent, settings: settings, directory: directory)
                for (kind, location) in FlowActions.kinds(in: flow.steps) where !connector.capabilities.actions.contains(kind) {
                    findings.add(
                        InvalidInput("the \(agent.connector) connector of agent '\(agent.name)' cannot perform `\(kind.rawValue)`", at: location))
                }
            } catch {
                findings.add(error)
                continue
            }
            let environment = environment
            var planned = PlannedFlow(
                flow: flow, path: file, connector: connector,
                defaultTimeout: project?.defaults.timeout ?? ProjectDefaults.fallbackTimeout,
                settle: project?.defaults.settle ?? ProjectDefaults.fallbackSettle,
                environment: { environment.value(of: $0) }, agent: agentName)
            if !MeaningUse.kinds(in: flow.steps).isEmpty {
                let key = project?.path ?? ""
                let meaning = meaningPlans[key] ?? MeaningPlan(
                    models: project?.models, projectPath: project?.path, renderer: &renderer, resources: resources, useCache: useModelCache)
                meaningPlans[key] = meaning
                planned.meaning = meaning.resolver
                planned.skipReason = meaning.skipReason(for: flow)
            }
            flows.append(planned)
        }
        inputs.shared = Set(projects.files)
        for (path, project) in projects.parsed {
            checkProject(project, path: path, used: used, renderer: &renderer, factory: factory, into: &findings)
            let directory = (path as NSString).deletingLastPathComponent
            for agent in project.agents { inputs.shared.formUnion(FlowInputs.files(of: agent, directory: directory, catalog: registry.catalog)) }
        }
        checkVariables(uses, into: &findings)
        let plan = Plan(
            flows: flows, project: firstProject, secrets: renderer.secrets, filteredOut: filteredOut, connectors: factory.connectors,
            flowFiles: report.flowFiles, projectFiles: projects.files, inputs: inputs)
        return (plan, findings)
    }

    /// A project's agents no flow here uses, its agent scripts, its plugins and its `monitor:`: a
    /// run reads them all, and a mistake in one is a mistake in the project.
    private func checkProject(
        _ project: ProjectConfig, path: String, used: Set<String>, renderer: inout SettingsRenderer, factory: ConnectorFactory,
        into findings: inout PlanFindings
    ) {
        let scripts = AgentScriptCheck.diagnostics(projects: [path], catalog: registry.catalog)
        findings.append(scripts.diagnostics)
        findings.sources.merge(scripts.sources) { current, _ in current }
        let directory = (path as NSString).deletingLastPathComponent
        for agent in project.agents where !used.contains(Self.key(agent, directory)) {
            // An agent nobody runs may need a secret this machine lacks; that alone is no mistake.
            var scratch = SettingsRenderer(environment: environment)
            guard let settings = try? scratch.render(agent.settings) else { continue }
            do throws(InvalidInput) {
                _ = try factory.connector(for: agent, settings: settings, directory: directory)
            } catch {
                findings.add(error)
            }
        }
        var configs: [(PluginConfig, [String: JSONValue])] = []
        for config in project.plugins {
            do throws(InvalidInput) {
                let settings = try renderer.render(config.settings)
                if let declaration = registry.plugin(named: config.name)?.declaration { renderer.noteCredentials(of: declaration, in: settings) }
                configs.append((config, settings))
            } catch {
                findings.add(error)
            }
        }
        let plugins = PluginFactory(registry: registry, projectDirectory: URL(fileURLWithPath: directory), isTerminal: false, resources: resources)
        for config in configs {
            do throws(InvalidInput) {
                _ = try plugins.plugins([config])
            } catch {
                findings.add(error)
            }
        }
        if let monitor = project.monitor {
            MonitorCheck(registry: registry, resources: resources, environment: environment)
                .check(monitor, path: path, renderer: &renderer, into: &findings)
        }
    }

    /// The flow's name for every data row, so a `${…}` the run cannot fill stops it here.
    private func checkNames(_ flow: Flow, file: String, into findings: inout PlanFindings) {
        let rows = flow.data?.rows ?? [[]]
        for row in rows {
            let environment = environment
            if case .failure(let failure) = FlowTitle.render(flow, row: row, overrides: variables, environment: { environment.value(of: $0) }) {
                findings.add(InvalidInput(failure.message, at: failure.location))
                return
            }
        }
    }

    /// `--var` names no flow reads are warnings; an empty one a flow sends or matches is an error.
    private func checkVariables(_ uses: [VariableUse], into findings: inout PlanFindings) {
        let referenced = uses.reduce(into: Set<String>()) { $0.formUnion($1.referenced) }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            guard referenced.contains(name) else {
                findings.note(.warning, "--var \(name): no flow here uses '${\(name)}'\(Suggestion.hint(for: name, in: referenced.sorted()))")
                continue
            }
            if Interpolation.text(value).isEmpty, let use = uses.lazy.compactMap({ $0.operands[name] }).first {
                findings.note(.error, "--var \(name) is empty, but \(use) sends or matches it; an empty value is never sent or matched")
            }
        }
    }

    private func selected(_ flow: Flow) -> Bool {
        if !tags.isEmpty && !flow.tags.contains(where: tags.contains) { return false }
        return !flow.tags.contains(where: excludeTags.contains)
    }

    /// The agent a flow runs against and the folder its relative paths resolve from:
    /// `--agent`, else the flow's `agent:`, else parley.yaml's `defaults.agent`, else its only agent.
    private func agent(for flow: Flow, file: String, project: ProjectConfig?) throws(InvalidInput) -> (AgentConfig, String) {
        let projectDirectory = project.map { ($0.path as NSString).deletingLastPathComponent } ?? "."
        if let name = agentOverride {
            guard let project, let agent = project.agent(named: name) else {
                let names = project?.agents.map(\.name) ?? []
                throw InvalidInput(
                    "--agent \(name): no such agent (\(project?.path ?? "no parley.yaml") defines \(names.isEmpty ? "none" : names.joined(separator: ", ")))"
                        + Suggestion.hint(for: name, in: names))
            }
            return (agent, projectDirectory)
        }
        switch flow.agent {
        case .inline(let agent)?:
            return (agent, (file as NSString).deletingLastPathComponent)
        case .named(let name)?:
            // The validator has reported an unknown name already, with its "did you mean".
            guard let agent = project?.agent(named: name.value) else { throw InvalidInput(diagnostics: [], sources: [:]) }
            return (agent, projectDirectory)
        case nil:
            if let name = project?.defaults.agent, let agent = project?.agent(named: name.value) { return (agent, projectDirectory) }
            if let agents = project?.agents, agents.count == 1 { return (agents[0], projectDirectory) }
            throw InvalidInput("the flow names no agent, and no parley.yaml gives `defaults: { agent: … }`", at: flow.location)
        }
    }

    /// Identifies an agent of a project (or a flow's inline agent) across flows.
    static func key(_ agent: AgentConfig, _ directory: String) -> String {
        "\(directory)#\(agent.name)#\(agent.location)"
    }

    static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}

/// The project files planning read, each parsed once, their problems reported once.
private struct Projects {
    init(catalog: Catalog) {
        self.catalog = catalog
    }

    let catalog: Catalog
    private(set) var parsed: [(path: String, config: ProjectConfig)] = []
    /// Every project file read, whether or not it parsed.
    private(set) var files: [String] = []
    private var seen: [String: ProjectConfig?] = [:]

    mutating func config(at path: String, into findings: inout PlanFindings) -> ProjectConfig? {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let known = seen[key] { return known }
        let result = ProjectParser.parse(path: path, catalog: catalog)
        findings.append(result.diagnostics)
        if let source = result.source { findings.sources[path] = findings.sources[path] ?? source }
        seen[key] = result.config
        files.append(path)
        if let config = result.config { parsed.append((path, config)) }
        return result.config
    }
}
