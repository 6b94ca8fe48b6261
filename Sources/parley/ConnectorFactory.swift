import AsyncHTTPClient
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

/// Maps an agent of parley.yaml (or an inline one) to a connector: the only place that knows
/// which connector kind is which type. Each agent is built once per run. The connectors share
/// what the run owns: its HTTP client (the caller shuts it down after the connectors), its
/// CometChat users and its logger.
final class ConnectorFactory {
    private var built: [String: any Connector] = [:]
    let httpClient: HTTPClient
    let logger: Logger
    let cometChatUsers = CometChatUsers()

    init(httpClient: HTTPClient, logger: Logger) {
        self.httpClient = httpClient
        self.logger = logger
    }

    /// The connector for `agent`, whose relative paths resolve against `directory`.
    func connector(for agent: AgentConfig, settings: [String: JSONValue], directory: String) throws(InvalidInput) -> any Connector {
        let key = "\(directory)#\(agent.name)#\(agent.location)"
        if let cached = built[key] { return cached }
        try HeaderSecrets.check(agent, settings: settings)
        let connector: any Connector
        switch agent.connector {
        case .simulator:
            guard case .string(let script)? = settings["script"] else {
                throw InvalidInput("agent '\(agent.name)' needs `script:`, the path of its agent script", at: agent.location)
            }
            connector = SimulatorConnector(script: try Self.script(at: script, directory: directory))
        case .agui:
            do {
                connector = AGUIConnector(settings: try AGUISettings(settings: settings, duration: DurationParser.parse), httpClient: httpClient)
            } catch {
                throw InvalidInput("agent '\(agent.name)': \(error.message)", at: agent.location)
            }
        case .polyai:
            connector = try polyAI(agent, settings: settings, directory: directory)
        case .cometchat:
            connector = try cometChat(agent, settings: settings, directory: directory)
        }
        built[key] = connector
        return connector
    }

    /// A `polyai` agent; with `serve: <script>`, one Parley serves itself for the run.
    func polyAI(_ agent: AgentConfig, settings: [String: JSONValue], directory: String) throws(InvalidInput) -> any Connector {
        var settings = settings
        let served = settings.removeValue(forKey: "serve")
        if served != nil {
            // Filled in once the server listens.
            settings["rest_url"] = "http://127.0.0.1/api/v1"
            settings["websocket_url"] = "ws://127.0.0.1/ws"
        }
        var parsed: PolyAISettings
        do {
            parsed = try PolyAISettings(settings: settings, duration: DurationParser.parse)
        } catch {
            throw InvalidInput("agent '\(agent.name)': \(error.message)", at: agent.location)
        }
        let (httpClient, logger) = (httpClient, logger)
        guard let served else { return PolyAIConnector(settings: parsed, httpClient: httpClient, logger: logger) }
        // The served agent and its client agree on the host when parley.yaml names none.
        if parsed.host.isEmpty { parsed.host = "parley.example" }
        let script = try Self.servedScript(served, agent, directory: directory)
        let options = PolyAIServerOptions(
            connectorToken: parsed.connectorToken, connectorHost: parsed.host,
            chunkJoining: PolyAIChunkJoining(rawValue: parsed.chunkJoining.rawValue) ?? .space)
        return ServedConnector(
            capabilities: PolyAIConnector(settings: parsed, httpClient: httpClient, logger: logger).capabilities,
            serve: { onListening in
                try await PolyAIServer(script: script, logger: Self.quietServerLogger, options: options).run(onListening: onListening)
            },
            connect: { [parsed] url in
                var reached = parsed
                let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
                reached.restURL = base + "/api/v1"
                reached.websocketURL = "ws" + base.dropFirst("http".count) + "/ws"
                return PolyAIConnector(settings: reached, httpClient: httpClient, logger: logger)
            })
    }

    /// A `cometchat` agent; with `serve: <script>`, one Parley serves itself for the run, as the
    /// agent (or in the group) the settings name, with the settings' app id and API key.
    func cometChat(_ agent: AgentConfig, settings: [String: JSONValue], directory: String) throws(InvalidInput) -> any Connector {
        var settings = settings
        let served = settings.removeValue(forKey: "serve")
        if served != nil {
            // Filled in once the server listens.
            settings["rest_url"] = "http://127.0.0.1/v3"
            settings["websocket_url"] = "ws://127.0.0.1/ws"
        }
        let parsed: CometChatSettings
        do {
            parsed = try CometChatSettings(settings: settings, duration: DurationParser.parse)
        } catch {
            throw InvalidInput("agent '\(agent.name)': \(error.message)", at: agent.location)
        }
        guard let served else {
            guard parsed.websocketURL != nil else {
                throw InvalidInput(
                    "agent '\(agent.name)': give `websocket_url`, the address of CometChat's realtime socket "
                        + "(CometChat does not publish it; see docs/cometchat.md), or `serve:` an agent script", at: agent.location)
            }
            return CometChatConnector(settings: parsed, httpClient: httpClient, users: cometChatUsers, logger: logger)
        }
        let script = try Self.servedScript(served, agent, directory: directory)
        let (httpClient, users, logger) = (httpClient, cometChatUsers, logger)
        var agentUID: String?
        if case .agent(let uid) = parsed.peer { agentUID = uid }
        let options = CometChatServerOptions(appID: parsed.appID, region: parsed.region, apiKey: parsed.apiKey, agentUID: agentUID)
        return ServedConnector(
            capabilities: CometChatConnector(settings: parsed, httpClient: httpClient, users: users, logger: logger).capabilities,
            serve: { onListening in
                try await CometChatServer(script: script, logger: Self.quietServerLogger, options: options).run(onListening: onListening)
            },
            connect: { [parsed] url in
                var reached = parsed
                reached.restURL = CometChatServer.restURL(for: url).absoluteString
                reached.websocketURL = CometChatServer.webSocketURL(for: url).absoluteString
                return CometChatConnector(settings: reached, httpClient: httpClient, users: users, logger: logger)
            })
    }

    /// The script a `serve:` setting names, parsed and checked.
    static func servedScript(_ served: JSONValue, _ agent: AgentConfig, directory: String) throws(InvalidInput) -> AgentScript {
        guard case .string(let path) = served else {
            throw InvalidInput("agent '\(agent.name)': `serve` must be the path of an agent script", at: agent.location)
        }
        let full = tidy(path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path))
        guard FileManager.default.fileExists(atPath: full) else {
            throw InvalidInput("agent '\(agent.name)': `serve` script '\(path)' not found (looked for \(full))", at: agent.location)
        }
        return try script(at: path, directory: directory)
    }

    /// A served agent's logger. Quiet: the run's own output is what the user reads; a failing
    /// server shows up as failing flows.
    static var quietServerLogger: Logger {
        var logger = AGUIServer.defaultLogger()
        logger.logLevel = .critical
        return logger
    }

    /// The connectors' logger until the run routes `--log-level` to it: quiet, as the run's own
    /// output is what the user reads.
    static var quietConnectorLogger: Logger {
        var logger = Logger(label: "parley.connector")
        logger.logLevel = .critical
        return logger
    }

    /// The agent script at `path` (relative to `directory`), parsed and checked.
    static func script(at path: String, directory: String) throws(InvalidInput) -> AgentScript {
        let full = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        let parsed = AgentScriptParser.parse(path: tidy(full))
        guard let script = parsed.script, parsed.diagnostics.allSatisfy({ $0.severity != .error }) else {
            throw InvalidInput(diagnostics: parsed.diagnostics, sources: parsed.source.map { [$0.path: $0] } ?? [:])
        }
        return script
    }

    /// Every connector built, to shut down once the run is over.
    var connectors: [any Connector] { Array(built.values) }

    /// `./Flows/agents/x.yaml` → `Flows/agents/x.yaml`, so messages show paths as users type them.
    static func tidy(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
