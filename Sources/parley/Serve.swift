import ArgumentParser
import Foundation
import ParleyParser
import ParleyServer
import ParleySimulator

/// `parley serve`: an agent script served as a real agent over a wire protocol, so any client
/// (Parley's own connectors, a reference SDK, a validator) can talk to it.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a simulator agent script as a real agent over HTTP; SIGTERM or Ctrl-C stops it (exit 0).",
        discussion: """
            POST an AG-UI RunAgentInput to any path and read the run as server-sent events. Once listening, \
            one line goes to standard output with the URL (useful with --port 0, which takes a free port).
            """
    )

    /// The wire protocols a script could be served over.
    enum WireProtocol: String, ExpressibleByArgument, CaseIterable {
        case agui, polyai, cometchat
    }

    @Option(name: .customLong("agent-script"), help: "The agent script to serve (see docs/simulator.md).")
    var agentScript: String

    @Option(help: "The port to listen on; 0 takes a free one.")
    var port = 8765

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(name: .customLong("protocol"), help: "The wire protocol: agui (polyai and cometchat are not built yet).")
    var wireProtocol: WireProtocol = .agui

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535; got \(port)") }
    }

    func run() async throws {
        let server: AGUIServer
        do {
            server = try makeServer()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitStatus.invalidInput
        }
        let agent = server.script.agent.name
        do {
            try await server.run(stopOnSignals: true) { url in
                // One line, written at once: scripts and tests wait for it to know the port.
                FileHandle.standardOutput.write(Data("parley serve: AG-UI agent '\(agent)' listening on \(url.absoluteString)\n".utf8))
            }
        } catch let error as AGUIServerError {
            // Nothing was served: like invalid input, the command stopped before it began.
            FileHandle.standardError.write(Data("parley serve: \(error)\n".utf8))
            throw ExitStatus.invalidInput
        }
    }

    private func makeServer() throws(InvalidInput) -> AGUIServer {
        switch wireProtocol {
        case .agui:
            break
        case .polyai, .cometchat:
            throw InvalidInput("parley serve --protocol \(wireProtocol.rawValue): not built yet; serve it over AG-UI (--protocol agui)")
        }
        let parsed = AgentScriptParser.parse(path: ConnectorFactory.tidy(agentScript))
        guard let script = parsed.script, parsed.diagnostics.allSatisfy({ $0.severity != .error }) else {
            throw InvalidInput(parsed.rendered())
        }
        if !parsed.diagnostics.isEmpty {
            FileHandle.standardError.write(Data((parsed.rendered() + "\n").utf8))
        }
        return AGUIServer(script: script, host: host, port: port)
    }
}
