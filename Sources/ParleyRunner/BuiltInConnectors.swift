import AsyncHTTPClient
import Foundation
import Logging
import ParleyAGUI
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyServer
import ParleySimulator

/// Parley's own connectors as providers.
enum BuiltInConnectors {
    static let all: [ConnectorProvider] = [simulator, agui, polyai, cometchat]

    static let simulator = ConnectorProvider(Catalog.simulator) { context in
        guard case .string(let script)? = context.settings["script"] else {
            throw InvalidInput("agent '\(context.agentName)' needs `script:`, the path of its agent script", at: context.location)
        }
        let full = context.resolve(script)
        guard FileManager.default.fileExists(atPath: full) else {
            throw InvalidInput("agent script '\(script)' not found (looked for \(full))", at: context.location(of: "script"))
        }
        return SimulatorConnector(script: try Self.script(at: script, directory: context.directory))
    }

    static let agui = ConnectorProvider(Catalog.agui) { context in
        AGUIConnector(settings: try AGUISettings(settings: context.settings, duration: DurationParser.parse), httpClient: context.resources.httpClient)
    }

    static let polyai = ConnectorProvider(Catalog.polyai) { context in
        try polyAI(context)
    }

    static let cometchat = ConnectorProvider(Catalog.cometchat) { context in
        try cometChat(context)
    }

    /// An agent's settings with `serve:` taken out and, when it was there, placeholder addresses
    /// the served connector replaces once its server listens.
    static func servedSettings(
        _ context: ConnectorContext, restURL: JSONValue, websocketURL: JSONValue
    ) -> (settings: [String: JSONValue], served: JSONValue?) {
        var settings = context.settings
        let served = settings.removeValue(forKey: "serve")
        if served != nil {
            settings["rest_url"] = restURL
            settings["websocket_url"] = websocketURL
        }
        return (settings, served)
    }

    /// A connector's settings read by `read`, its complaint reported at the agent.
    static func settingsOf<Settings, Failure: Error & CustomStringConvertible>(
        _ agent: AgentConfig, _ read: () throws(Failure) -> Settings
    ) throws(InvalidInput) -> Settings {
        do {
            return try read()
        } catch {
            throw InvalidInput("agent '\(agent.name)': \(error.description)", at: agent.location)
        }
    }

    /// The script a `serve:` setting names, parsed and checked.
    static func servedScript(_ served: JSONValue, _ agent: AgentConfig, directory: String) throws(InvalidInput) -> AgentScript {
        guard case .string(let path) = served else {
            throw InvalidInput("agent '\(agent.name)': `serve` must be the path of an agent script", at: agent.location)
        }
        let full = ConnectorFactory.tidy(path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path))
        guard FileManager.default.fileExists(atPath: full) else {
            throw InvalidInput("agent '\(agent.name)': `serve` script '\(path)' not found (looked for \(full))", at: agent.location)
        }
        return try script(at: path, directory: directory)
    }

    /// A served agent's logger: the run's, quiet. The run's own output is what the user reads;
    /// a failing server shows up as failing flows.
    static func quiet(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = .critical
        return quiet
    }

    /// The agent script at `path` (relative to `directory`), parsed and checked.
    static func script(at path: String, directory: String) throws(InvalidInput) -> AgentScript {
        let full = ConnectorFactory.tidy(path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path))
        let parsed = AgentScriptParser.parse(path: full)
        guard let script = parsed.script, parsed.diagnostics.allSatisfy({ $0.severity != .error }) else {
            throw InvalidInput(diagnostics: parsed.diagnostics, sources: parsed.source.map { [$0.path: $0] } ?? [:])
        }
        return script
    }
}
