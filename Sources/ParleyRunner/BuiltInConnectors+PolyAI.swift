import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyServer
import ParleyPolyAI

extension BuiltInConnectors {
    /// A `polyai` agent; with `serve: <script>`, one Parley serves itself for the run.
    static func polyAI(_ context: ConnectorContext) throws(InvalidInput) -> any Connector {
        let agent = context.agent
        let (settings, served) = servedSettings(context, restURL: "http://127.0.0.1/api/v1", websocketURL: "ws://127.0.0.1/ws")
        var parsed = try settingsOf(agent) { () throws(PolyAISettingsError) in
            try PolyAISettings(settings: settings, duration: DurationParser.parse)
        }
        let (httpClient, serverLogger) = (context.resources.httpClient, Self.quiet(context.logger))
        guard let served else { return PolyAIConnector(settings: parsed, httpClient: httpClient) }
        // The served agent and its client agree on the host when parley.yaml names none.
        if parsed.host.isEmpty { parsed.host = "parley.example" }
        let script = try Self.servedScript(served, agent, directory: context.directory)
        let options = PolyAIServerOptions(
            connectorToken: parsed.connectorToken, connectorHost: parsed.host,
            chunkJoining: PolyAIChunkJoining(rawValue: parsed.chunkJoining.rawValue) ?? .space)
        return ServedConnector(
            capabilities: PolyAIConnector(settings: parsed, httpClient: httpClient).capabilities,
            serve: { onListening in
                try await PolyAIServer(script: script, logger: serverLogger, options: options).run(onListening: onListening)
            },
            connect: { [parsed] url, client in
                var reached = parsed
                let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
                reached.restURL = base + "/api/v1"
                reached.websocketURL = "ws" + base.dropFirst("http".count) + "/ws"
                return PolyAIConnector(settings: reached, httpClient: client)
            })
    }
}
