import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The example's bot: the mybot protocol over HTTP on 127.0.0.1, with scripted answers.
/// `bot-server --port 0` takes a free port and prints one line with its URL once listening.
@main
struct BotServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot-server",
        abstract: "Serve the example bot over the mybot protocol.",
        discussion: "When BOT_TOKEN is set, every request must carry it in X-Bot-Token (401 otherwise).")

    @Option(help: "The port to listen on; 0 takes a free one.")
    var port = 8080

    func run() async throws {
        let token = ProcessInfo.processInfo.environment["BOT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let sessions = SessionStore()
        let router = Router()
        router.add(middleware: TokenCheck(token: token))
        router.post("sessions") { _, _ in
            EditedResponse(status: .created, response: BotWire.Session(id: await sessions.open()))
        }
        router.post("sessions/:id/messages") { request, context in
            let id = try context.parameters.require("id")
            let message = try await request.decode(as: BotWire.Message.self, context: context)
            guard let turn = await sessions.nextTurn(of: id) else { throw HTTPError(.notFound, message: "no session \(id)") }
            return BotScript.answer(to: message.text, turn: turn)
        }
        router.delete("sessions/:id") { _, context in
            let id = try context.parameters.require("id")
            guard await sessions.close(id) else { throw HTTPError(.notFound, message: "no session \(id)") }
            return HTTPResponse.Status.noContent
        }
        var logger = Logger(label: "bot-server") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                // One line, at once: run.sh waits for it to learn the port.
                let line = "bot-server listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }, logger: logger)
        // SIGTERM (run.sh's trap) and SIGINT stop it gracefully (exit 0). ServiceLifecycle hears
        // them through dispatch sources, which on Linux see a signal only once its default
        // action, ending the process at once, is off.
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        try await app.runService()
    }
}
