import Foundation
import Logging
import ParleyAGUI
import ParleyCometChat
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyPolyAI
import ParleyServer
import ParleySimulator

/// Makes each agent's connector through the registry's providers: every agent once per run,
/// its settings' headers checked before the provider sees them.
final class ConnectorFactory {
    let registry: Registry
    let resources: RunResources
    private var built: [String: any Connector] = [:]

    init(registry: Registry, resources: RunResources) {
        self.registry = registry
        self.resources = resources
    }

    /// The connector for `agent`, whose relative paths resolve against `directory`.
    func connector(for agent: AgentConfig, settings: [String: JSONValue], directory: String) throws(InvalidInput) -> any Connector {
        let key = "\(directory)#\(agent.name)#\(agent.location)"
        if let cached = built[key] { return cached }
        guard let provider = registry.connector(named: agent.connector) else {
            // The parser checked the name against this registry's catalog and said so.
            throw InvalidInput(diagnostics: [], sources: [:])
        }
        try HeaderSecrets.check(agent, declaration: provider.declaration, settings: settings)
        let context = ConnectorContext(agent: agent, settings: settings, directory: directory, resources: resources)
        let connector: any Connector
        do {
            connector = try provider.make(context)
        } catch let error as InvalidInput {
            throw error
        } catch {
            throw InvalidInput("agent '\(agent.name)': \(error)", at: agent.location)
        }
        built[key] = connector
        return connector
    }

    /// Every connector built, to shut down once the run is over.
    var connectors: [any Connector] { Array(built.values) }

    /// `./Flows/agents/x.yaml` → `Flows/agents/x.yaml`, so messages show paths as users type them.
    static func tidy(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
