import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A real HTTP server on 127.0.0.1 for webhook tests: `POST /hook` answers the scripted replies in
/// order, then 200, and records every request it receives.
struct HookServer: Sendable {
    /// One scripted answer.
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String] = [:]

        static let ok = Reply(status: 200)
        static let serverError = Reply(status: 500)
        static let badRequest = Reply(status: 400)
    }

    /// One request as the server saw it.
    struct Request: Sendable {
        /// Header names lowercased.
        var headers: [String: String]
        var body: [UInt8]

        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The bound port.
    let port: Int
    let log: RequestLog

    /// `http://127.0.0.1:PORT/hook`.
    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// Every request so far, in arrival order.
    var requests: [Request] { get async { await log.requests } }

    /// Runs `body` with a server answering `replies` and then 200s, and shuts the server down
    /// gracefully when `body` returns or throws.
    static func with<Value: Sendable>(
        replies: [Reply] = [], _ body: @Sendable (HookServer) async throws -> Value
    ) async throws -> Value {
        let log = RequestLog(replies: replies)
        let router = Router()
        router.post("hook") { request, _ -> Response in
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let reply = await log.record(Request(headers: headers, body: Array(buffer.readableBytesView)))
            var fields = HTTPFields()
            for (name, value) in reply.headers {
                if let name = HTTPField.Name(name) { fields[name] = value }
            }
            return Response(status: .init(code: reply.status), headers: fields)
        }
        var logger = Logger(label: "hook-server")
        logger.logLevel = .warning
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
            group.addTask { try await services.run() }
            guard let port = await ports.first(where: { _ in true }), port > 0 else {
                await services.triggerGracefulShutdown()
                throw ServerDidNotStart()
            }
            do {
                let value = try await body(HookServer(port: port, log: log))
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                return value
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
        }
    }

    struct ServerDidNotStart: Error {}
}

/// The requests a `HookServer` received and the replies it has left.
actor RequestLog {
    private(set) var requests: [HookServer.Request] = []
    private var replies: [HookServer.Reply]

    init(replies: [HookServer.Reply]) {
        self.replies = replies
    }

    /// Records `request` and returns the next scripted reply, or 200 once they run out.
    func record(_ request: HookServer.Request) -> HookServer.Reply {
        requests.append(request)
        return replies.isEmpty ? .ok : replies.removeFirst()
    }
}
