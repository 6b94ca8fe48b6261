import Foundation
import ParleyCore
import ParleyModel
import ParleyParser

/// An agent of parley.yaml ready to talk to interactively (`parley chat`): its connector, built
/// exactly as a run builds it, the secrets its settings hold (to mask in everything shown), and
/// what to release at the end.
public struct ChatAgent: Sendable {
    /// The agent's name in parley.yaml.
    public var name: String
    public var connector: any Connector
    public var secrets: Set<String>
    /// parley.yaml's `defaults.timeout`, how long to wait for the agent by default.
    public var timeout: Duration
    let resources: RunResources

    /// Shuts the connector and the shared clients down.
    public func close() async {
        await connector.shutdown()
        await resources.shutdown()
    }
}

extension Runner {
    /// The agent `name` (else `defaults.agent`, else the only agent) of the parley.yaml nearest to
    /// `folder`, or what is wrong, in `parley validate`'s words.
    public func chatAgent(named name: String?, from folder: String) async -> Result<ChatAgent, Validation> {
        var findings = PlanFindings(diagnostics: [], general: [], sources: [:])
        func failed() -> Validation { Validation(findings: findings, secrets: [], flowFiles: [], projectFiles: []) }
        guard let path = ProjectParser.locate(from: folder) else {
            findings.note(.error, "no parley.yaml in \(folder) or any folder above it; `parley init` makes one")
            return .failure(failed())
        }
        let parsed = ProjectParser.parse(path: path, catalog: registry.catalog)
        findings.append(parsed.diagnostics)
        if let source = parsed.source { findings.sources[path] = source }
        guard let project = parsed.config, !findings.hasErrors else { return .failure(failed()) }
        let names = project.agents.map(\.name)
        let chosen: AgentConfig
        if let name {
            guard let agent = project.agent(named: name) else {
                findings.note(
                    .error, "--agent \(name): no such agent (\(path) defines \(names.isEmpty ? "none" : names.joined(separator: ", ")))" + Suggestion.hint(for: name, in: names))
                return .failure(failed())
            }
            chosen = agent
        } else if let fallback = project.defaults.agent, let agent = project.agent(named: fallback.value) {
            chosen = agent
        } else if project.agents.count == 1 {
            chosen = project.agents[0]
        } else {
            findings.note(.error, "which agent? \(path) defines \(names.isEmpty ? "none" : names.joined(separator: ", ")) and no defaults.agent; give --agent NAME")
            return .failure(failed())
        }
        let resources = RunResources(logger: logger)
        var renderer = SettingsRenderer(environment: environment)
        do throws(InvalidInput) {
            let settings = try renderer.render(chosen.settings)
            if let declaration = registry.connector(named: chosen.connector)?.declaration { renderer.noteCredentials(of: declaration, in: settings) }
            let factory = ConnectorFactory(registry: registry, resources: resources)
            let directory = (path as NSString).deletingLastPathComponent
            let connector = try factory.connector(for: chosen, settings: settings, directory: directory)
            return .success(
                ChatAgent(
                    name: chosen.name, connector: connector, secrets: renderer.secrets,
                    timeout: project.defaults.timeout ?? ProjectDefaults.fallbackTimeout, resources: resources))
        } catch {
            findings.add(error)
            await resources.shutdown()
            return .failure(failed())
        }
    }
}
