import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore

/// POSTs one body with the webhook's headers, retrying as `DeliveryAttempts` decides and
/// sleeping on the injected clock between attempts.
struct WebhookSender: Sendable {
    /// The longest response body read (and thrown away) before the connection is reused.
    static let responseLimit = 1 << 20

    let options: WebhookPlugin.Options
    let client: HTTPClient
    let clock: any MonotonicClock

    /// Delivers `body`, one delivery id across all its attempts; throws a `WebhookError` when
    /// every attempt failed, or `CancellationError` when cancelled while waiting.
    func deliver(_ body: [UInt8]) async throws {
        let request = makeRequest(body: body, delivery: UUID().uuidString.lowercased())
        var attempts = DeliveryAttempts(retries: options.retries, backoff: options.backoff)
        while true {
            let result = await attempt(request)
            let unit = options.backoff.jitter > 0 ? Double.random(in: 0..<1) : 0
            switch attempts.receive(result, jitterUnit: unit) {
            case .delivered:
                return
            case .retry(let delay):
                try await clock.sleep(for: delay)
            case .giveUp(let count, let reason):
                throw WebhookError.delivery(url: Self.displayURL(options.url), attempts: count, reason: reason)
            }
        }
    }

    /// The request every attempt of one delivery sends: the same bytes, id and signature.
    func makeRequest(body: [UInt8], delivery: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: options.url)
        request.method = .POST
        for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        if options.headers.keys.allSatisfy({ $0.lowercased() != "user-agent" }) {
            request.headers.replaceOrAdd(name: "User-Agent", value: "parley")
        }
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.headers.replaceOrAdd(name: "X-Parley-Delivery", value: delivery)
        if let secret = options.secret {
            request.headers.replaceOrAdd(name: WebhookSignature.headerName, value: WebhookSignature.value(body: body, secret: secret))
        }
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    private func attempt(_ request: HTTPClientRequest) async -> DeliveryAttempts.Result {
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(Int64(options.timeout.nanoseconds)))
            // Read the answer so the connection goes back to the pool; its content is not used.
            _ = try? await response.body.collect(upTo: Self.responseLimit)
            let retryAfter = response.headers.first(name: "Retry-After").flatMap(Self.retryAfter)
            return .answered(status: Int(response.status.code), reason: response.status.reasonPhrase, retryAfter: retryAfter)
        } catch {
            return .transportFailed(reason: Self.describe(error))
        }
    }

    /// `Retry-After` in whole seconds; the HTTP-date form is ignored (the backoff applies).
    static func retryAfter(_ text: String) -> Duration? {
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else { return nil }
        return .seconds(seconds)
    }

    /// A short reason for a transport failure: `connection refused`, `deadline exceeded`.
    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return error.shortDescription.lowercased() }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("connection refused") { return "connection refused" }
        if text.localizedCaseInsensitiveContains("connection reset") { return "connection reset" }
        return text
    }

    /// The URL for messages, without user info, query or fragment, which may carry credentials.
    static func displayURL(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? url
    }
}

extension Duration {
    /// The whole duration in nanoseconds, for APIs that take them.
    fileprivate var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
