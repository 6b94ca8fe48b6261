import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// The REST half of the handshake, as a client sends it (polyai-messaging.md 2), with every answer
/// kept whole so tests can check statuses, headers and error bodies.
struct PolyAIHTTP: Sendable {
    /// The server's HTTP base URL, `http://127.0.0.1:<port>/`.
    let base: URL

    /// One answer.
    struct Answer: Sendable {
        var status: UInt
        var headers: HTTPHeaders
        var body: String

        /// The body as JSON; nil when it is not.
        var json: JSONValue? { try? JSONValue(parsing: body) }
        /// The body's `message`.
        var message: String? {
            if case .string(let text)? = json?["message"] { return text }
            return nil
        }
    }

    /// `POST /api/v1/access-token` with these headers (nil leaves one out).
    func accessToken(token: String? = "demo-token", host: String? = "parley.example") async throws -> Answer {
        var headers: [(String, String)] = [("Accept", "application/json"), ("X-Polyai-Correlation-Id", UUID().uuidString)]
        if let token { headers.append(("X-Token", token)) }
        if let host { headers.append(("X-Host", host)) }
        return try await post("api/v1/access-token", body: "{}", headers: headers)
    }

    /// `POST /api/v1/sessions` with `authorization` as the whole header (nil leaves it out).
    func sessions(authorization: String?, body: String? = #"{"streaming_enabled":false,"platform":"ios","device_type":"desktop"}"#)
        async throws -> Answer
    {
        var headers: [(String, String)] = [("Accept", "application/json")]
        if let authorization { headers.append(("Authorization", authorization)) }
        return try await post("api/v1/sessions", body: body, headers: headers)
    }

    /// A token that works, or a failed expectation's error.
    func token() async throws -> String {
        let answer = try await accessToken()
        guard answer.status == 200, case .string(let token)? = answer.json?["access_token"] else {
            throw PolyAITestError("access-token answered \(answer.status): \(answer.body)")
        }
        return token
    }

    /// A new session for `token`.
    func session(token: String, streaming: Bool) async throws -> String {
        let answer = try await sessions(authorization: "Bearer \(token)", body: #"{"streaming_enabled":\#(streaming),"platform":"ios"}"#)
        guard answer.status == 200, case .string(let id)? = answer.json?["session_id"] else {
            throw PolyAITestError("sessions answered \(answer.status): \(answer.body)")
        }
        return id
    }

    /// A token and a new session.
    func handshake(streaming: Bool = false) async throws -> (token: String, session: String) {
        let token = try await token()
        return (token, try await session(token: token, streaming: streaming))
    }

    /// A WebSocket upgrade request for `target` sent as plain HTTP, to read the status of a refusal.
    func upgrade(_ target: String) async throws -> Answer {
        let headers = [
            ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]
        // A connection of its own: on a reused keep-alive connection the server can no longer
        // upgrade (Hummingbird redirects the request to a new connection instead).
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let answer = try await send(target, method: .GET, body: nil, headers: headers, client: client)
            try await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// A plain `GET`.
    func get(_ path: String) async throws -> Answer {
        try await send(path, method: .GET, body: nil, headers: [])
    }

    func post(_ path: String, body: String?, headers: [(String, String)]) async throws -> Answer {
        var all = headers
        if body != nil { all.append(("Content-Type", "application/json")) }
        return try await send(path, method: .POST, body: body, headers: all)
    }

    private func send(
        _ path: String, method: HTTPMethod, body: String?, headers: [(String, String)], client: HTTPClient = .shared
    ) async throws -> Answer {
        let url = URL(string: path, relativeTo: base)!.absoluteString
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: response.status.code, headers: response.headers, body: String(buffer: bytes))
    }
}

/// A test precondition that did not hold.
struct PolyAITestError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
