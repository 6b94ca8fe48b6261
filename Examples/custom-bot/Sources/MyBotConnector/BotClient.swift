import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Parley

/// The protocol's three calls over the run's HTTP client, with the token header on each. Errors
/// come back as `ConnectorError`s that say which call failed and how, never the token.
struct BotClient: Sendable {
    /// The largest answer read: a chat answer is kilobytes, and a broken bot must not fill memory.
    static let answerLimit = 1 << 20

    let settings: BotSettings
    let client: HTTPClient
    let logger: Logger

    /// `POST /sessions`: a new conversation's id.
    func openSession(label: String) async throws(ConnectorError) -> String {
        let answer = try await call(.POST, "/sessions", body: .object([JSONMember("label", .string(label))]))
        guard case .string(let id)? = answer?["id"], !id.isEmpty else {
            throw ConnectorError("the bot at \(settings.url) answered POST /sessions without an `id`")
        }
        return id
    }

    /// `POST /sessions/{id}/messages`: the bot's answer to `text`.
    func send(_ text: String, session: String) async throws(ConnectorError) -> BotAnswer {
        let answer = try await call(.POST, "/sessions/\(Self.escaped(session))/messages", body: .object([JSONMember("text", .string(text))]))
        return try BotAnswer(answer ?? .null)
    }

    /// `DELETE /sessions/{id}`: the conversation is over.
    func endSession(_ session: String) async throws(ConnectorError) {
        _ = try await call(.DELETE, "/sessions/\(Self.escaped(session))", body: nil)
    }

    /// One request; the JSON body of a 2xx answer (nil when it has none).
    private func call(_ method: HTTPMethod, _ path: String, body: JSONValue?) async throws(ConnectorError) -> JSONValue? {
        var request = HTTPClientRequest(url: settings.url + path)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let token = settings.token { request.headers.add(name: BotSettings.tokenHeader, value: token) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body.serialized()))
        }
        logger.debug("mybot request", metadata: ["method": "\(method.rawValue)", "path": "\(path)"])
        let status: HTTPResponseStatus
        let bytes: ByteBuffer
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(settings.timeout.nanoseconds))
            status = response.status
            bytes = try await response.body.collect(upTo: Self.answerLimit)
        } catch is NIOTooManyBytesError {
            throw ConnectorError("the bot's answer to \(method.rawValue) \(path) is larger than 1 MiB (the limit); refused")
        } catch {
            throw Self.transportError(error, "\(method.rawValue) \(settings.url)\(path)", timeout: settings.timeout)
        }
        let text = String(buffer: bytes)
        logger.debug("mybot answer", metadata: ["status": "\(status.code)", "bytes": "\(bytes.readableBytes)"])
        guard (200..<300).contains(status.code) else {
            let said = text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(300)
            throw ConnectorError("the bot answered \(method.rawValue) \(path) with HTTP \(status.code) \(status.reasonPhrase)\(said.isEmpty ? "" : ": \(said)")")
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return nil }
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw ConnectorError("the bot answered \(method.rawValue) \(path) with a body that is not JSON: \(text.prefix(120))")
        }
    }

    /// A readable reason for a failed request: refused, timed out, or what the client said.
    private static func transportError(_ error: any Error, _ call: String, timeout: Duration) -> ConnectorError {
        if let http = error as? HTTPClientError, http == .deadlineExceeded || http == .readTimeout {
            return ConnectorError("\(call): the bot did not answer within \(DurationParser.format(timeout)) (the mybot `timeout`)")
        }
        let text = "\(error)"
        if text.contains("refused") { return ConnectorError("\(call): connection refused; is the bot running?") }
        return ConnectorError("\(call) failed: \(text)")
    }

    private static func escaped(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? id
    }
}

extension Duration {
    /// The duration in whole nanoseconds, for NIO's `TimeAmount`.
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
