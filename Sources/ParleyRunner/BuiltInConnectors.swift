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

/// Parley's own connectors as providers.
enum BuiltInConnectors {
    static let all: [ConnectorProvider] = [simulator, agui, polyai, cometchat]

    static let simulator = ConnectorProvider(Catalog.builtIn.connector("simulator")!) { context in
        guard case .string(let script)? = context.settings["script"] else {
            throw InvalidInput("agent '\(context.agentName)' needs `script:`, the path of its agent script", at: context.location)
        }
        let full = context.resolve(script)
        guard FileManager.default.fileExists(atPath: full) else {
            throw InvalidInput("agent script '\(script)' not found (looked for \(full))", at: context.location(of: "script"))
        }
        return SimulatorConnector(script: try Self.script(at: script, directory: context.directory))
    }

    static let agui = ConnectorProvider(Catalog.builtIn.connector("agui")!) { context in
        AGUIConnector(settings: try AGUISettings(settings: context.settings, duration: DurationParser.parse), httpClient: context.resources.httpClient)
    }

    static let polyai = ConnectorProvider(Catalog.builtIn.connector("polyai")!) { context in
        try polyAI(context)
    }

    static let cometchat = ConnectorProvider(Catalog.builtIn.connector("cometchat")!) { context in
        try cometChat(context)
    }

    /// A `polyai` agent; with `serve: <script>`, one Parley serves itself for the run.
    static func polyAI(_ context: ConnectorContext) throws(InvalidInput) -> any Connector {
        let agent = context.agent
        let directory = context.directory
        var settings = context.settings
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
        let (httpClient, logger, serverLogger) = (context.resources.httpClient, context.logger, Self.quiet(context.logger))
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
                try await PolyAIServer(script: script, logger: serverLogger, options: options).run(onListening: onListening)
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
    static func cometChat(_ context: ConnectorContext) throws(InvalidInput) -> any Connector {
        let agent = context.agent
        let directory = context.directory
        var settings = context.settings
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
        // CometChat delivers a user's events to every connection of that user: the run's
        // connectors share one gate per user, so flows acting as one user take turns.
        let users = context.resources.shared("cometchat.users") { CometChatUsers() }
        guard let served else {
            guard parsed.websocketURL != nil else {
                throw InvalidInput(
                    "agent '\(agent.name)': give `websocket_url`, the address of CometChat's realtime socket "
                        + "(CometChat does not publish it; see docs/cometchat.md), or `serve:` an agent script", at: agent.location)
            }
            return CometChatConnector(settings: parsed, httpClient: context.resources.httpClient, users: users, logger: context.logger)
        }
        let script = try Self.servedScript(served, agent, directory: directory)
        let (httpClient, logger, serverLogger) = (context.resources.httpClient, context.logger, Self.quiet(context.logger))
        var agentUID: String?
        if case .agent(let uid) = parsed.peer { agentUID = uid }
        let options = CometChatServerOptions(appID: parsed.appID, region: parsed.region, apiKey: parsed.apiKey, agentUID: agentUID)
        return ServedConnector(
            capabilities: CometChatConnector(settings: parsed, httpClient: httpClient, users: users, logger: logger).capabilities,
            serve: { onListening in
                try await CometChatServer(script: script, logger: serverLogger, options: options).run(onListening: onListening)
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
