import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyHTTP
import ParleyModel

/// Posts JSON to an OpenAI-compatible endpoint, with a time limit per request and retries for
/// failures that may pass (a time-out, a refused connection, a 429, a 5xx).
struct ModelClient: Sendable {
    let http: HTTPClient
    let settings: ModelSettings
    /// What the endpoint is for, in messages: "embeddings", "judge".
    let role: String
    /// The run's clock: the pause between attempts and each attempt's time limit are read on it.
    var clock: any MonotonicClock = SystemClock()

    func post(_ path: String, _ body: JSONValue) async throws(ModelFailure) -> JSONValue {
        var attempt = 0
        while true {
            do {
                return try await once(path, body)
            } catch {
                attempt += 1
                guard error.retryable, attempt <= settings.retries, !Task.isCancelled else {
                    let tries = attempt > 1 ? " (after \(attempt) attempts)" : ""
                    throw ModelFailure("the \(role) endpoint \(HTTPFailureText.displayURL(settings.endpoint(path))): \(error.message)\(tries)")
                }
                // A short, growing pause: a busy server gets a moment, a test waits little.
                try? await clock.sleep(for: .milliseconds(200 * attempt))
            }
        }
    }

    private func once(_ path: String, _ body: JSONValue) async throws(ModelFailure) -> JSONValue {
        var request = HTTPClientRequest(url: settings.endpoint(path))
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let key = settings.apiKey, !key.isEmpty { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.body = .bytes(ByteBuffer(string: body.serialized()))
        let status: UInt
        let bytes: ByteBuffer
        let sent = request
        let http = http
        let timeout = settings.timeout
        let clock = clock
        do {
            // The whole exchange, body included, within the timeout: the client's own timeout
            // covers the response's head, and a server can stall in the middle of a body.
            (status, bytes) = try await withThrowingTaskGroup(of: (UInt, ByteBuffer)?.self) { group in
                let (seconds, attoseconds) = timeout.components
                let limit = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
                group.addTask {
                    let response = try await http.execute(sent, timeout: limit)
                    return (response.status.code, try await response.body.collect(upTo: 64 << 20))
                }
                group.addTask {
                    try await clock.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let answer = try await group.next() ?? nil else { throw HTTPClientError.deadlineExceeded }
                return answer
            }
        } catch {
            throw ModelFailure(HTTPFailureText.reason(error), retryable: true)
        }
        let text = String(buffer: bytes)
        guard (200..<300).contains(status) else {
            let retryable = status == 429 || status >= 500
            let detail = text.isEmpty ? "" : ": \(text.prefix(300))"
            throw ModelFailure("HTTP \(status)\(detail)", retryable: retryable)
        }
        do {
            return try JSONValue(parsing: Data(text.utf8))
        } catch {
            throw ModelFailure("the answer is not JSON: \(text.prefix(200))")
        }
    }
}
