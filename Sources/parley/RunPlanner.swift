import Foundation
import ParleyCore
import ParleyModel
import ParleyParser

/// Turns `parley run`'s paths and options into flows ready to run, or says why nothing can run.
struct RunPlanner {
    var environment: ProcessEnvironment
    var agentOverride: String?
    var tags: [String] = []
    var excludeTags: [String] = []

    /// Everything a run needs from the files.
    struct Plan {
        var flows: [PlannedFlow]
        /// The project of the first flow: its plugins serve the run.
        var project: ProjectConfig?
        /// Secret values from parley.yaml settings.
        var secrets: Set<String>
        /// Flows left out by `--tag`/`--exclude-tag`.
        var filteredOut: Int
        /// The connectors the flows use, shut down once the run is over.
        var connectors: [any Connector]
    }

    func plan(paths: [String]) throws(InvalidInput) -> Plan {
        let report = Validator().validate(paths: paths)
        if report.hasErrors { throw InvalidInput(report.rendered()) }
        guard !report.flowFiles.isEmpty else {
            throw InvalidInput("nothing to run: no *.flow.yaml under \(paths.joined(separator: " "))")
        }
        var renderer = SettingsRenderer(environment: environment)
        let factory = ConnectorFactory()
        var projects: [String: ProjectConfig] = [:]
        var flows: [PlannedFlow] = []
        var firstProject: ProjectConfig?
        var filteredOut = 0
        for file in report.flowFiles {
            guard let flow = report.flows[file] else { continue }
            guard selected(flow) else {
                filteredOut += 1
                continue
            }
            var project: ProjectConfig?
            if let path = ProjectParser.locate(from: file) {
                let shown = Self.relative(path)
                if projects[shown] == nil { projects[shown] = ProjectParser.parse(path: shown).config }
                project = projects[shown]
            }
            if firstProject == nil { firstProject = project }
            let (agent, directory) = try agent(for: flow, file: file, project: project)
            let settings = try renderer.render(agent.settings)
            renderer.noteCredentials(of: agent.connector, in: settings)
            let connector = try factory.connector(for: agent, settings: settings, directory: directory)
            for (kind, location) in FlowActions.kinds(in: flow.steps) where !connector.capabilities.actions.contains(kind) {
                throw InvalidInput("\(location): the \(agent.connector.rawValue) connector cannot perform `\(kind.rawValue)`")
            }
            let environment = environment
            flows.append(
                PlannedFlow(
                    flow: flow, path: file, connector: connector,
                    defaultTimeout: project?.defaults.timeout ?? ProjectDefaults.fallbackTimeout,
                    settle: project?.defaults.settle ?? ProjectDefaults.fallbackSettle,
                    environment: { environment.value(of: $0) }))
        }
        if let plugins = firstProject?.plugins {
            for plugin in plugins { _ = try renderer.render(plugin.settings) }
        }
        return Plan(flows: flows, project: firstProject, secrets: renderer.secrets, filteredOut: filteredOut, connectors: factory.connectors)
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
            // validate already checked the name exists.
            guard let agent = project?.agent(named: name.value) else { throw InvalidInput("\(name.location): unknown agent '\(name.value)'") }
            return (agent, projectDirectory)
        case nil:
            if let name = project?.defaults.agent, let agent = project?.agent(named: name.value) { return (agent, projectDirectory) }
            if let agents = project?.agents, agents.count == 1 { return (agents[0], projectDirectory) }
            throw InvalidInput("\(flow.location): the flow names no agent, and no parley.yaml gives `defaults: { agent: … }`")
        }
    }

    static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
