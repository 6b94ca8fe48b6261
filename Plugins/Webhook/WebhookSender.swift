import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyHTTP
import ParleyModel

/// POSTs one body with the webhook's headers, retrying as `DeliveryAttempts` decides and
/// sleeping on the flush's clock between attempts; the flush cuts a delivery short at its
/// deadline or when Ctrl-C abandons it.
struct WebhookSender: Sendable {
    /// The longest response body read (and thrown away) before the connection is reused.
    static let responseLimit = 1 << 20

    let options: WebhookPlugin.Options
    let client: HTTPClient

    /// Delivers `body`, one delivery id across all its attempts; nil when delivered, else why it failed.
    func deliver(_ body: [UInt8], flush: Flush) async -> DeliveryAttempts.GiveUp? {
        let request = makeRequest(body: body, delivery: RandomID.string())
        var attempts = DeliveryAttempts(retries: options.retries, backoff: options.backoff)
        while true {
            var action: DeliveryAttempts.Action
            if let stop = Self.stop(flush) {
                action = attempts.stopped(stop, midAttempt: false)
            } else {
                switch await flush.bound({ await attempt(request) }) {
                case .finished(let result):
                    let unit = options.backoff.jitter > 0 ? Double.random(in: 0..<1) : 0
                    action = attempts.receive(result, jitterUnit: unit, timeLeft: Self.timeLeft(flush))
                case .deadline: action = attempts.stopped(.deadline, midAttempt: true)
                case .abandoned: action = attempts.stopped(.interrupted, midAttempt: true)
                }
            }
            switch action {
            case .delivered:
                return nil
            case .giveUp(let giveUp):
                return giveUp
            case .retry(let delay):
                switch await flush.sleep(until: flush.clock.now + delay) {
                case .due: break
                case .pastDeadline:
                    // The run ended while it waited, and the retry would come after the deadline.
                    return attempts.retryPastDeadline()
                case .abandoned: return Self.giveUp(attempts.stopped(.interrupted, midAttempt: false))
                }
            }
        }
    }

    /// What stops the next attempt before it starts: the deadline passed, or Ctrl-C.
    private static func stop(_ flush: Flush) -> DeliveryAttempts.Stop? {
        switch flush.state {
        case .running: return nil
        case .flushing(let deadline): return flush.clock.now >= deadline ? .deadline : nil
        case .abandoned: return .interrupted
        }
    }

    /// The time to the flush deadline, once the run has ended.
    private static func timeLeft(_ flush: Flush) -> Duration? {
        switch flush.state {
        case .running: return nil
        case .flushing(let deadline): return deadline - flush.clock.now
        case .abandoned: return .zero
        }
    }

    private static func giveUp(_ action: DeliveryAttempts.Action) -> DeliveryAttempts.GiveUp? {
        if case .giveUp(let giveUp) = action { return giveUp }
        return nil
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
            return .transportFailed(reason: HTTPFailureText.reason(error))
        }
    }

    /// `Retry-After` in whole seconds; the HTTP-date form is ignored (the backoff applies).
    static func retryAfter(_ text: String) -> Duration? {
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else { return nil }
        return .seconds(seconds)
    }
}

extension Duration {
    /// The whole duration in nanoseconds, for APIs that take them.
    fileprivate var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
