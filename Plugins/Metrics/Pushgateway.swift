import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyHTTP
import ParleyModel

/// Pushes exposition text to a Prometheus Pushgateway: `PUT <base>/metrics/job/<job>[/<label>/<value>…]`,
/// which replaces every metric of that group, so each run's push stands alone. Retries 5xx answers
/// and transport errors with a doubling backoff, within the flush deadline; a failure comes back
/// as a `DeliveryFailure`, never thrown.
struct Pushgateway: Sendable {
    /// The content type of the text format, as the Pushgateway expects it.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    /// The longest answer read (kept for the failure's reason, cut to a line).
    static let responseLimit = 1 << 16

    let options: MetricsPlugin.Options
    let client: HTTPClient

    /// The push URL: the job and grouping labels as path segments; a value that is empty or holds
    /// a `/` goes as `<name>@base64/<base64url>`, the Pushgateway's escape for them.
    static func url(base: String, job: String, grouping: [MetricsPlugin.Options.Label]) -> String {
        var url = base.hasSuffix("/") ? String(base.dropLast()) : base
        url += "/metrics"
        for (name, value) in [("job", job)] + grouping.map({ ($0.name, $0.value) }) {
            if value.isEmpty || value.contains("/") {
                url += "/\(name)@base64/\(base64URL(value))"
            } else {
                url += "/\(name)/\(value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? value)"
            }
        }
        return url
    }

    /// Pushes `text`; nil when the Pushgateway took it.
    func push(_ text: String, flush: Flush) async -> DeliveryFailure? {
        guard let base = options.pushgateway else { return nil }
        let url = Self.url(base: base, job: options.job, grouping: options.grouping)
        let request = Self.makeRequest(url: url, body: Array(text.utf8), options: options)
        var attempts = 0
        var delay = options.backoff
        while true {
            switch flush.state {
            case .abandoned: return failure(url, attempts, .interrupted, "interrupted")
            case .flushing(let deadline) where flush.clock.now >= deadline:
                return failure(url, attempts, .deadline, "the flush deadline passed")
            case .running, .flushing: break
            }
            attempts += 1
            let result: Result<Void, Failed>
            switch await flush.bound({ await attempt(request) }) {
            case .finished(let ended): result = ended
            case .deadline: return failure(url, attempts, .deadline, "the flush deadline passed mid-attempt")
            case .abandoned: return failure(url, attempts, .interrupted, "interrupted mid-attempt")
            }
            switch result {
            case .success: return nil
            case .failure(let failed):
                guard failed.retryable, attempts <= options.retries else { return failure(url, attempts, .receiver, failed.reason) }
            }
            switch await flush.sleep(until: flush.clock.now + delay) {
            case .due: delay *= 2
            case .pastDeadline: return failure(url, attempts, .deadline, "the next retry would come after the flush deadline")
            case .abandoned: return failure(url, attempts, .interrupted, "interrupted")
            }
        }
    }

    /// Why an attempt failed, and whether another may succeed.
    struct Failed: Error {
        var reason: String
        var retryable: Bool
    }

    /// The request every attempt sends: `PUT` with the text format, and basic auth when set.
    static func makeRequest(url: String, body: [UInt8], options: MetricsPlugin.Options) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .PUT
        request.headers.replaceOrAdd(name: "User-Agent", value: "parley")
        request.headers.replaceOrAdd(name: "Content-Type", value: Self.contentType)
        if let username = options.username, let password = options.password {
            request.headers.replaceOrAdd(name: "Authorization", value: "Basic " + Data("\(username):\(password)".utf8).base64EncodedString())
        }
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    private func attempt(_ request: HTTPClientRequest) async -> Result<Void, Failed> {
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(Int64(options.timeout.inSeconds * 1e9)))
            let body = (try? await response.body.collect(upTo: Self.responseLimit)).map { String(buffer: $0) } ?? ""
            let code = Int(response.status.code)
            if (200..<300).contains(code) { return .success(()) }
            var reason = "\(code) \(response.status.reasonPhrase)"
            let detail = body.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? ""
            if !detail.isEmpty { reason += ": \(detail)" }
            return .failure(Failed(reason: reason, retryable: code >= 500 || code == 429))
        } catch {
            return .failure(Failed(reason: HTTPFailureText.reason(error), retryable: true))
        }
    }

    private func failure(_ url: String, _ attempts: Int, _ cause: DeliveryFailure.Cause, _ reason: String) -> DeliveryFailure {
        DeliveryFailure(plugin: "metrics", flow: nil, url: HTTPFailureText.displayURL(url), attempts: attempts, cause: cause, reason: reason, method: "PUT")
    }

    /// Characters a path segment keeps as they are (RFC 3986 unreserved).
    private static let segmentCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Base64 with the URL alphabet, padding kept (the Pushgateway accepts both).
    private static func base64URL(_ text: String) -> String {
        let encoded = Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return encoded.isEmpty ? "=" : encoded
    }
}
