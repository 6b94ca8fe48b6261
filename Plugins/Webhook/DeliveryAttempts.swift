/// The retry decisions of one delivery, apart from the I/O (STYLE 11): feed each attempt's
/// result to `receive(_:)` and do what it answers.
struct DeliveryAttempts: Sendable {
    /// How one attempt ended.
    enum Result: Hashable, Sendable {
        /// The server answered; `retryAfter` is its `Retry-After` in seconds, when it sent one.
        case answered(status: Int, reason: String, retryAfter: Duration?)
        /// No answer: refused, reset, timed out; `reason` says which.
        case transportFailed(reason: String)
    }

    /// What to do next.
    enum Action: Hashable, Sendable {
        /// The server took it: stop.
        case delivered
        /// Wait this long, then try again.
        case retry(after: Duration)
        /// Give up after `attempts` tries, for `reason`.
        case giveUp(attempts: Int, reason: String)
    }

    /// Further attempts allowed after the first.
    let retries: Int
    let backoff: WebhookPlugin.Options.Backoff
    /// Attempts made so far.
    private(set) var attempts = 0

    init(retries: Int, backoff: WebhookPlugin.Options.Backoff) {
        self.retries = max(retries, 0)
        self.backoff = backoff
    }

    /// Records one attempt's result and decides the next step; `jitterUnit` (0..<1, random in
    /// production) shortens a computed backoff by up to `backoff.jitter`, never a `Retry-After`.
    mutating func receive(_ result: Result, jitterUnit: Double = 0) -> Action {
        attempts += 1
        let reason: String
        var retryAfter: Duration?
        switch result {
        case .answered(let status, let text, let after):
            if (200..<300).contains(status) { return .delivered }
            reason = text.isEmpty ? "\(status)" : "\(status) \(text)"
            guard status == 429 || (500..<600).contains(status) else { return .giveUp(attempts: attempts, reason: reason) }
            if status == 429 { retryAfter = after.map { min($0, backoff.maximumRetryAfter) } }
        case .transportFailed(let text):
            reason = text
        }
        guard attempts <= retries else { return .giveUp(attempts: attempts, reason: reason) }
        if let retryAfter { return .retry(after: retryAfter) }
        return .retry(after: backoff.jittered(backoff.delay(beforeRetry: attempts), unit: jitterUnit))
    }
}
