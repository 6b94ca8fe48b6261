import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyServer
import ParleyCometChat

extension BuiltInConnectors {
    /// A `cometchat` agent; with `serve: <script>`, one Parley serves itself for the run, as the
    /// agent (or in the group) the settings name, with the settings' app id and API key, and the
    /// connector reaches it through its REST base alone.
    static func cometChat(_ context: ConnectorContext) throws(InvalidInput) -> any Connector {
        let agent = context.agent
        let (settings, served) = servedSettings(context, restURL: "http://127.0.0.1/v3", websocketURL: "ws://127.0.0.1/ws")
        let parsed = try settingsOf(agent) { () throws(CometChatSettingsError) in
            try CometChatSettings(settings: settings, duration: DurationParser.parse)
        }
        // CometChat delivers a user's events to every connection of that user: the run's
        // connectors share one gate per user, so flows acting as one user take turns.
        let users = context.resources.shared("cometchat.users") { CometChatUsers() }
        guard let served else {
            return CometChatConnector(settings: parsed, httpClient: context.resources.httpClient, users: users, logger: context.logger)
        }
        let script = try Self.servedScript(served, agent, directory: context.directory)
        let (httpClient, logger, serverLogger) = (context.resources.httpClient, context.logger, Self.quiet(context.logger))
        var agentUID: String?
        if case .agent(let uid) = parsed.peer { agentUID = uid }
        let options = CometChatServerOptions(appID: parsed.appID, region: parsed.region, apiKey: parsed.apiKey, agentUID: agentUID)
        return ServedConnector(
            capabilities: CometChatConnector(settings: parsed, httpClient: httpClient, users: users, logger: logger).capabilities,
            serve: { onListening in
                try await CometChatServer(script: script, logger: serverLogger, options: options).run(onListening: onListening)
            },
            connect: { [parsed] url, client in
                var reached = parsed
                // Only the REST base: the client API (`/v3.0` on the same host) logs in and names
                // the socket, as CometChat's does.
                reached.restURL = CometChatServer.restURL(for: url).absoluteString
                reached.websocketURL = nil
                reached.clientAPIURL = nil
                return CometChatConnector(settings: reached, httpClient: client, users: users, logger: logger)
            })
    }
}
