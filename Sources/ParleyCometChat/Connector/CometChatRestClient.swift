import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// CometChat's REST API as the user (protocols/cometchat.md §5.1): an auth token for the socket,
/// text messages, the interacted mark; and the HTTP calls button actions make, to any address.
/// No retries: a refused request fails the step with CometChat's own code and message.
struct CometChatRestClient: Sendable {
    let client: HTTPClient
    let settings: CometChatSettings

    /// An auth token for the user (`POST /users/{uid}/auth_tokens`), for the socket's auth frame.
    func authToken() async throws(ConnectorError) -> String {
        let path = "/users/\(Self.escape(settings.user))/auth_tokens"
        let answer = try await send(.POST, path, onBehalf: false, body: .object([]))
        guard case .string(let token)? = answer["data"]?["authToken"], !token.isEmpty else {
            throw ConnectorError("CometChat's POST \(path) answered without data.authToken: \(Self.excerpt(answer.serialized()))")
        }
        return token
    }

    /// The conversation's messages after `messageID`, oldest first, at most `limit`
    /// (`GET /users/{uid}/messages` or `/groups/{guid}/messages` with `id`, `affix=append` and
    /// `limit`, as the REST API's paging names them): what the socket missed while it was down.
    func messages(after messageID: Int, limit: Int) async throws(ConnectorError) -> [JSONValue] {
        let list: String
        switch settings.peer {
        case .agent(let uid): list = "/users/\(Self.escape(uid))/messages"
        case .group(let guid): list = "/groups/\(Self.escape(guid))/messages"
        }
        let answer = try await send(.GET, "\(list)?id=\(messageID)&affix=append&limit=\(limit)", onBehalf: true, body: nil)
        guard case .array(let items)? = answer["data"] else {
            throw ConnectorError("CometChat's GET \(list) answered without a data list: \(Self.excerpt(answer.serialized()))")
        }
        return items
    }

    /// Sends a message (`POST /messages`) and returns the stored message (`data`).
    func sendMessage(_ body: JSONValue) async throws(ConnectorError) -> JSONValue {
        let answer = try await send(.POST, "/messages", onBehalf: true, body: body)
        guard let message = answer["data"], case .object = message else {
            throw ConnectorError("CometChat's POST /messages answered without the message: \(Self.excerpt(answer.serialized()))")
        }
        return message
    }

    /// Marks an element of an interactive message as interacted (`PATCH /messages/{id}/interacted`).
    func markInteracted(messageID: Int, body: JSONValue) async throws(ConnectorError) {
        _ = try await send(.PATCH, "/messages/\(messageID)/interacted", onBehalf: true, body: body)
    }

    /// A button's HTTP call to wherever it points; any status is an answer, only no answer throws.
    func call(method: String, url: String, headers: [(String, String)], body: JSONValue?) async throws(ConnectorError) -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method.uppercased())
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            if !request.headers.contains(name: "Content-Type") { request.headers.add(name: "Content-Type", value: "application/json") }
            request.body = .bytes(ByteBuffer(string: body.serialized()))
        }
        do {
            let response = try await client.execute(request, timeout: timeout)
            let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
            return (Int(response.status.code), text)
        } catch {
            throw ConnectorError("the button's \(method.uppercased()) \(url) got no answer: \(Self.networkReason(error))")
        }
    }

    private var timeout: TimeAmount { .nanoseconds(Int64(settings.timeout.inSeconds * 1e9)) }

    /// One request under the REST base with the API key (and `onBehalfOf`); returns the JSON object answered.
    private func send(_ method: HTTPMethod, _ path: String, onBehalf: Bool, body: JSONValue?) async throws(ConnectorError) -> JSONValue {
        let base = settings.restURL.hasSuffix("/") ? String(settings.restURL.dropLast()) : settings.restURL
        var headers = [("apikey", settings.apiKey)]
        if onBehalf { headers.append(("onBehalfOf", settings.user)) }
        headers += [("Accept", "application/json"), ("Content-Type", "application/json")]
        return try await exchange(method, url: base + path, shown: path, headers: headers, body: body.map { ByteBuffer(string: $0.serialized()) })
    }

    /// One request to `url`; `shown` names it in failures (never with a credential). Returns the
    /// JSON object answered; a status outside 2xx, no answer or a body that is not an object throws.
    func exchange(
        _ method: HTTPMethod, url: String, shown: String, headers: [(String, String)], body: ByteBuffer?
    ) async throws(ConnectorError) -> JSONValue {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(body) }
        let status: Int
        let text: String
        do {
            let response = try await client.execute(request, timeout: timeout)
            status = Int(response.status.code)
            text = String(buffer: try await response.body.collect(upTo: 1 << 22))
        } catch {
            throw ConnectorError("CometChat's \(method.rawValue) \(shown) got no answer: \(Self.networkReason(error))")
        }
        guard (200..<300).contains(status) else { throw Self.failure(method.rawValue, shown, status: status, body: text) }
        guard let parsed = try? JSONValue(parsing: text), case .object = parsed else {
            throw ConnectorError("CometChat's \(method.rawValue) \(shown) answered with a body that is not a JSON object: \(Self.excerpt(text))")
        }
        return parsed
    }

    /// `CometChat refused POST /messages: 401 AUTH_ERR_APIKEY_NOT_FOUND "…"`.
    static func failure(_ method: String, _ path: String, status: Int, body: String) -> ConnectorError {
        var said = body.isEmpty ? "" : " \(excerpt(body))"
        if let parsed = try? JSONValue(parsing: body), let error = parsed["error"] {
            let code = error["code"].flatMap { if case .string(let code) = $0 { code } else { nil } }
            let message = error["message"].flatMap { if case .string(let text) = $0 { text } else { nil } }
            said = [code.map { " \($0)" }, message.map { " \"\($0)\"" }].compactMap { $0 }.joined()
        }
        let hint = status == 401 || status == 403 ? " (check the agent's api_key and app_id)" : ""
        return ConnectorError("CometChat refused \(method) \(path): \(status)\(said)\(hint)")
    }

    static func networkReason(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("refused") { return "connection refused" }
        if let http = error as? HTTPClientError, http == .connectTimeout || http == .deadlineExceeded { return "a timeout" }
        return "a network error (\(text))"
    }

    static func excerpt(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }

    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? segment
    }
}
