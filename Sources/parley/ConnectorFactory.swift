import Foundation
import ParleyAGUI
import ParleyCore
import ParleyModel
import ParleyParser
import ParleySimulator

/// Maps an agent of parley.yaml (or an inline one) to a connector: the only place that knows
/// which connector kind is which type. Each agent is built once per run.
final class ConnectorFactory {
    private var built: [String: any Connector] = [:]

    /// The connector for `agent`, whose relative paths resolve against `directory`.
    func connector(for agent: AgentConfig, settings: [String: JSONValue], directory: String) throws(InvalidInput) -> any Connector {
        let key = "\(directory)#\(agent.name)#\(agent.location)"
        if let cached = built[key] { return cached }
        let connector: any Connector
        switch agent.connector {
        case .simulator:
            guard case .string(let script)? = settings["script"] else {
                throw InvalidInput("\(agent.location): agent '\(agent.name)' needs `script:`, the path of its agent script")
            }
            let path = script.hasPrefix("/") ? script : (directory as NSString).appendingPathComponent(script)
            let parsed = AgentScriptParser.parse(path: Self.tidy(path))
            guard let parsedScript = parsed.script, parsed.diagnostics.allSatisfy({ $0.severity != .error }) else {
                throw InvalidInput(parsed.rendered())
            }
            connector = SimulatorConnector(script: parsedScript)
        case .agui:
            do {
                connector = AGUIConnector(settings: try AGUISettings(settings: settings, duration: DurationParser.parse))
            } catch {
                throw InvalidInput("\(agent.location): agent '\(agent.name)': \(error.message)")
            }
        case .polyai, .cometchat:
            throw InvalidInput(
                "\(agent.location): agent '\(agent.name)' uses the \(agent.connector.rawValue) connector, which this build of parley does not have yet; "
                    + "run it against a simulator agent (connector: simulator)")
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
