import ArgumentParser
import Foundation
import Logging
import ParleyParser
import ParleyRunner
import ParleyServer
import ParleySimulator

/// `parley serve`: an agent script served as a real agent over a wire protocol, so any client
/// (Parley's own connectors, a reference SDK, a validator) can talk to it.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a simulator agent script as a real agent (AG-UI, PolyAI or CometChat); SIGTERM or Ctrl-C stops it (exit 0).",
        discussion: """
            agui: POST an AG-UI RunAgentInput to any path and read the run as server-sent events. polyai: the PolyAI \
            messaging API, POST /api/v1/access-token and /api/v1/sessions, then a WebSocket at /ws. cometchat: a \
            CometChat AI agent, the REST API under /v3 (auth tokens, messages, interactions) and the realtime \
            WebSocket at /ws. Once listening, one line goes to standard output with the URL (useful with --port 0, \
            which takes a free port).
            """
    )

    /// The wire protocols a script could be served over.
    enum WireProtocol: String, ExpressibleByArgument, CaseIterable {
        case agui, polyai, cometchat

        /// The port when none is given: each protocol has its own, so all can run side by side.
        var defaultPort: Int {
            switch self {
            case .agui: return 8765
            case .polyai: return 8766
            case .cometchat: return 8767
            }
        }
    }

    @Option(name: .customLong("agent-script"), help: "The agent script to serve (see docs/simulator.md).")
    var agentScript: String

    @Option(help: "The port to listen on; 0 takes a free one. (default: 8765 for agui, 8766 for polyai, 8767 for cometchat)")
    var port: Int?

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(name: .customLong("protocol"), help: "The wire protocol: agui, polyai or cometchat.")
    var wireProtocol: WireProtocol = .agui

    @Option(name: .customLong("connector-token"), help: "polyai: the X-Token that /access-token accepts. (default: demo-token)")
    var connectorToken: String?

    @Option(
        name: .customLong("connector-host"),
        help: "polyai: the X-Host that /access-token accepts, or a subdomain of it. (default: parley.example)")
    var connectorHost: String?

    @Option(name: .customLong("token-lifetime"), help: "polyai: how long an access token lives, like 1h, 2s or 500ms. (default: 1h)")
    var tokenLifetime: String?

    @Option(
        name: .customLong("rest-fault"),
        help: "polyai: ENDPOINT:STATUS[:COUNT], the first COUNT (default 1) requests to access-token or sessions get STATUS. Repeatable.")
    var restFaults: [String] = []

    @Option(
        name: .customLong("chunk-joining"),
        help: "polyai: streamed chunks join with a space (space, the SDK's rule) or as sent (concatenate, PolyAI docs' rule). (default: space)")
    var chunkJoining: String?

    @Option(name: .customLong("app-id"), help: "cometchat: the app id the socket's auth frame must name. (default: parley-app)")
    var appID: String?

    @Option(name: .customLong("api-key"), help: "cometchat: the REST API key every request must send in apikey. (default: demo-api-key)")
    var apiKey: String?

    @Option(
        name: .customLong("agent-uid"),
        help: "cometchat: the agent's uid. (default: the script's agent name lowercased, other characters than letters and digits as '-')")
    var agentUID: String?

    @Flag(
        name: .customLong("verbose"),
        help: "Log what clients do (sockets, the cursor they resume from, resent messages, interactions) on standard error.")
    var verbose = false

    @Option(name: .customLong("max-reconnects"), help: "polyai: max_reconnect_attempts sent in SESSION_START's capabilities.")
    var maxReconnects: Int?

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0 to 65535; got \(port)") }
        let owned: [(WireProtocol, [(String, Bool)])] = [
            (
                .polyai,
                [
                    ("--connector-token", connectorToken != nil), ("--connector-host", connectorHost != nil),
                    ("--token-lifetime", tokenLifetime != nil), ("--rest-fault", !restFaults.isEmpty),
                    ("--chunk-joining", chunkJoining != nil), ("--max-reconnects", maxReconnects != nil),
                ]
            ),
            (.cometchat, [("--app-id", appID != nil), ("--api-key", apiKey != nil), ("--agent-uid", agentUID != nil)]),
        ]
        for (owner, options) in owned where owner != wireProtocol {
            if let (name, _) = options.first(where: \.1) {
                throw ValidationError("\(name) is an option of --protocol \(owner.rawValue)")
            }
        }
        for (name, value) in [("--app-id", appID), ("--api-key", apiKey), ("--agent-uid", agentUID)] where value?.isEmpty == true {
            throw ValidationError("\(name) must not be empty")
        }
    }

    /// Warnings and errors on standard error; with `--verbose`, also what clients do.
    private var logger: Logger {
        var logger = AGUIServer.defaultLogger()
        if verbose { logger.logLevel = .info }
        return logger
    }

    func run() async throws {
        let script: AgentScript
        let options: PolyAIServerOptions
        do {
            script = try loadScript()
            options = try polyAIOptions()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitStatus.invalidInput
        }
        let port = self.port ?? wireProtocol.defaultPort
        let agent = script.agent.name
        do {
            switch wireProtocol {
            case .agui:
                try await AGUIServer(script: script, host: host, port: port, logger: logger).run(stopOnSignals: true) { url in
                    // One line, written at once: scripts and tests wait for it to know the port.
                    Self.announce("parley serve: AG-UI agent '\(agent)' listening on \(url.absoluteString)")
                }
            case .polyai:
                try await PolyAIServer(script: script, host: host, port: port, logger: logger, options: options).run(stopOnSignals: true) { url in
                    let base = url.absoluteString
                    let rest = base + "api/v1"
                    let socket = PolyAIServer.webSocketURL(for: url).absoluteString
                    Self.announce("parley serve: PolyAI agent '\(agent)' listening on \(base) (REST \(rest), WebSocket \(socket))")
                }
            case .cometchat:
                let server = CometChatServer(script: script, host: host, port: port, logger: logger, options: cometChatOptions)
                let uid = server.agentUID
                let app = server.options.appID
                try await server.run(stopOnSignals: true) { url in
                    let rest = CometChatServer.restURL(for: url).absoluteString
                    let socket = CometChatServer.webSocketURL(for: url).absoluteString
                    Self.announce(
                        "parley serve: CometChat agent '\(agent)' listening on \(url.absoluteString) (REST \(rest), WebSocket \(socket), app \(app), agent uid \(uid))"
                    )
                }
            }
        } catch let error as AGUIServerError {
            // Nothing was served: like invalid input, the command stopped before it began.
            FileHandle.standardError.write(Data("parley serve: \(error)\n".utf8))
            throw ExitStatus.invalidInput
        } catch let error as WebSocketServerError {
            FileHandle.standardError.write(Data("parley serve: \(error)\n".utf8))
            throw ExitStatus.invalidInput
        }
    }

    private static func announce(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func loadScript() throws(InvalidInput) -> AgentScript {
        let parsed = AgentScriptParser.parse(path: agentScript.hasPrefix("./") ? String(agentScript.dropFirst(2)) : agentScript)
        guard let script = parsed.script, parsed.diagnostics.allSatisfy({ $0.severity != .error }) else {
            throw InvalidInput(parsed.rendered())
        }
        if !parsed.diagnostics.isEmpty {
            FileHandle.standardError.write(Data((parsed.rendered() + "\n").utf8))
        }
        return script
    }

    /// The CometChat options from the command line (validate() refused empty ones).
    private var cometChatOptions: CometChatServerOptions {
        var options = CometChatServerOptions()
        if let appID { options.appID = appID }
        if let apiKey { options.apiKey = apiKey }
        options.agentUID = agentUID
        return options
    }

    /// The PolyAI options from the command line; each bad value says which option and why.
    private func polyAIOptions() throws(InvalidInput) -> PolyAIServerOptions {
        var options = PolyAIServerOptions()
        if let connectorToken { options.connectorToken = connectorToken }
        if let connectorHost { options.connectorHost = connectorHost }
        if let tokenLifetime {
            guard let lifetime = DurationParser.parse(tokenLifetime), lifetime > .zero else {
                throw InvalidInput("parley serve: --token-lifetime '\(tokenLifetime)' is not a duration like 1h, 2s or 500ms")
            }
            options.tokenLifetime = lifetime
        }
        for argument in restFaults {
            guard let fault = PolyAIRestFault(argument: argument) else {
                throw InvalidInput(
                    "parley serve: --rest-fault '\(argument)' is not ENDPOINT:STATUS[:COUNT] (endpoint access-token or sessions, status 400-599, count 1 or more)"
                )
            }
            options.restFaults.append(fault)
        }
        if let chunkJoining {
            guard let joining = PolyAIChunkJoining(rawValue: chunkJoining) else {
                throw InvalidInput("parley serve: --chunk-joining '\(chunkJoining)' is not space or concatenate")
            }
            options.chunkJoining = joining
        }
        if let maxReconnects {
            guard maxReconnects >= 0 else { throw InvalidInput("parley serve: --max-reconnects must be 0 or more; got \(maxReconnects)") }
            options.maxReconnectAttempts = maxReconnects
        }
        return options
    }
}
