import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// The REST half of the handshake (§2): an access token from `/access-token`, then a session from
/// `/sessions`, each retried by ``RestRetryPolicy`` with its waits on the run's clock.
struct PolyRestClient: Sendable {
    let client: HTTPClient
    let settings: PolyAISettings
    let clock: any MonotonicClock
    var policy = RestRetryPolicy()
    /// Told why an attempt failed when another follows: `POST …/sessions answered 429 Too Many
    /// Requests (Retry-After 30s)`.
    var onRetry: (@Sendable (String) -> Void)?
    /// Told the URL each attempt POSTs to, as it starts.
    var onAttempt: (@Sendable (String) -> Void)?

    /// A fresh access token (each one is a new user identity on PolyAI's side).
    func accessToken() async throws(ConnectorError) -> AccessToken {
        let headers = [("X-Token", settings.connectorToken), ("X-Host", settings.host)]
        let body = try await post("access-token", headers: headers, body: "{}")
        guard case .string(let token)? = body["access_token"], !token.isEmpty else {
            throw ConnectorError("PolyAI's \(url("access-token")) answered without an access_token: \(Self.excerpt(body.serialized()))")
        }
        return AccessToken(token)
    }

    /// A new session for `token`.
    func createSession(token: AccessToken) async throws(ConnectorError) -> String {
        let body: JSONValue = .object([
            JSONMember("streaming_enabled", .bool(settings.streaming)),
            JSONMember("platform", "custom"),
            JSONMember("device_type", "desktop"),
        ])
        let answer = try await post(
            "sessions", headers: [("Authorization", "Bearer \(token.value)"), ("User-Agent", "Parley")], body: body.serialized())
        guard case .string(let id)? = answer["session_id"], !id.isEmpty else {
            throw ConnectorError("PolyAI's \(url("sessions")) answered without a session_id: \(Self.excerpt(answer.serialized()))")
        }
        return id
    }

    /// POSTs `body` to `path` under the REST base, retrying as the policy says; returns the JSON object answered.
    private func post(_ path: String, headers: [(String, String)], body: String) async throws(ConnectorError) -> JSONValue {
        let target = url(path)
        var request = HTTPClientRequest(url: target)
        request.method = .POST
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Content-Type", value: "application/json")
        // One correlation id for every attempt, as the SDK reuses its request.
        request.headers.add(name: "X-Polyai-Correlation-Id", value: RandomID.uuid().uuidString)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        var attempt = 0
        while true {
            attempt += 1
            onAttempt?(target)
            let (answer, text) = await send(request)
            switch policy.decide(answer, attempt: attempt) {
            case .success:
                guard let parsed = try? JSONValue(parsing: text), case .object = parsed else {
                    throw ConnectorError("PolyAI's \(target) answered with a body that is not a JSON object: \(Self.excerpt(text))")
                }
                return parsed
            case .retry(let wait):
                onRetry?(Self.attempt(answer, target: target, timeout: settings.timeout))
                do { try await clock.sleep(for: wait) } catch { throw ConnectorError("the PolyAI handshake was cancelled") }
            case .fail(let reason, let status):
                throw Self.failure(target: target, reason: reason, status: status, body: text)
            }
        }
    }

    /// One attempt, timed on the run's clock rather than by AsyncHTTPClient's own deadline, so the
    /// handshake's timeout is a wait like every other (virtual in tests: a loaded machine once took
    /// longer than a test's 1 s of real time to answer in process).
    private func send(_ request: HTTPClientRequest) async -> (RestRetryPolicy.Answer, String) {
        await withTaskGroup(of: (RestRetryPolicy.Answer, String)?.self) { [client, clock, timeout = settings.timeout] group in
            group.addTask {
                do {
                    let response = try await client.execute(request, timeout: .hours(24))
                    let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
                    return (.status(Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After")), text)
                } catch {
                    return (.networkError(Self.networkReason(error)), "")
                }
            }
            group.addTask {
                // Nil when cancelled: the request answered first (or the session ended).
                guard (try? await clock.sleep(for: timeout)) != nil else { return nil }
                return (.networkError("a timeout"), "")
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let next { return next }
            }
            return (.networkError("a network error (cancelled)"), "")
        }
    }

    private func url(_ path: String) -> String {
        settings.restURL.hasSuffix("/") ? settings.restURL + path : settings.restURL + "/" + path
    }

    /// A readable reason, with the body's `message` (or `error`) string when it has one.
    static func failure(target: String, reason: String, status: Int?, body: String) -> ConnectorError {
        let said: String
        if let parsed = try? JSONValue(parsing: body), case .string(let message)? = parsed["message"] ?? parsed["error"] {
            said = ": \"\(message)\""
        } else {
            said = body.isEmpty ? "" : ": \(excerpt(body))"
        }
        let hint = status == 401 || status == 403 ? " (check the agent's connector_token and host)" : ""
        return ConnectorError("PolyAI's \(target) failed with \(reason)\(said)\(hint)")
    }

    /// One failed attempt as a reason.
    static func attempt(_ answer: RestRetryPolicy.Answer, target: String, timeout: Duration) -> String {
        switch answer {
        case .status(let code, let retryAfter):
            let said = "POST \(target) answered \(code) \(HTTPResponseStatus(statusCode: code).reasonPhrase)"
            guard code == 429 else { return said }
            guard let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces), !retryAfter.isEmpty else { return said + " (no Retry-After)" }
            return said + (Int(retryAfter) != nil ? " (Retry-After \(retryAfter)s)" : " (Retry-After \(excerpt(retryAfter)))")
        case .networkError(let message):
            return message == "a timeout" ? "POST \(target) did not answer within \(timeout.flowText)" : "POST \(target) failed: \(message)"
        }
    }

    static func networkReason(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("refused") { return "connection refused" }
        if let http = error as? HTTPClientError, http == .connectTimeout || http == .deadlineExceeded || http == .readTimeout { return "a timeout" }
        return "a network error (\(text))"
    }

    static func excerpt(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }
}
