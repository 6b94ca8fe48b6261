import ParleyCore
import ParleyModel

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

    /// Why a delivery stopped before it could end on its own.
    enum Stop: Hashable, Sendable {
        /// The flush deadline passed.
        case deadline
        /// Ctrl-C.
        case interrupted
    }

    /// A delivery that failed: how often it tried, why it stopped and what stopped it.
    struct GiveUp: Hashable, Sendable {
        var attempts: Int
        var reason: String
        var cause: DeliveryFailure.Cause
    }

    /// What to do next.
    enum Action: Hashable, Sendable {
        /// The server took it: stop.
        case delivered
        /// Wait this long, then try again.
        case retry(after: Duration)
        /// Stop trying.
        case giveUp(GiveUp)
    }

    /// Further attempts allowed after the first.
    let retries: Int
    let backoff: WebhookPlugin.Options.Backoff
    /// Attempts made so far.
    private(set) var attempts = 0
    /// Why the last attempt failed.
    private(set) var lastReason: String?
    /// The wait before the retry last decided, and whether it was the receiver's `Retry-After`.
    private var lastWait: (duration: Duration, retryAfter: Bool)?

    init(retries: Int, backoff: WebhookPlugin.Options.Backoff) {
        self.retries = max(retries, 0)
        self.backoff = backoff
    }

    /// Records one attempt's result and decides the next step. `jitterUnit` (0..<1, random in
    /// production) shortens a computed backoff by up to `backoff.jitter`, never a `Retry-After`.
    /// `timeLeft` is the time to the flush deadline once the run has ended: a retry whose wait
    /// would reach it is not waited for.
    mutating func receive(_ result: Result, jitterUnit: Double = 0, timeLeft: Duration? = nil) -> Action {
        attempts += 1
        let reason: String
        var retryAfter: Duration?
        switch result {
        case .answered(let status, let text, let after):
            if (200..<300).contains(status) { return .delivered }
            reason = text.isEmpty ? "\(status)" : "\(status) \(text)"
            lastReason = reason
            guard status == 429 || (500..<600).contains(status) else { return giveUp(reason, .receiver) }
            if status == 429 { retryAfter = after.map { min($0, backoff.maximumRetryAfter) } }
        case .transportFailed(let text):
            reason = text
            lastReason = reason
        }
        guard attempts <= retries else { return giveUp(reason, .receiver) }
        let wait = retryAfter ?? backoff.jittered(backoff.delay(beforeRetry: attempts), unit: jitterUnit)
        lastWait = (wait, retryAfter != nil)
        if let timeLeft, wait >= timeLeft { return .giveUp(retryPastDeadline()) }
        return .retry(after: wait)
    }

    /// The retry last decided will not be waited for: the run ended and its wait reaches the
    /// flush deadline. `429 Too Many Requests; Retry-After 60s is past the flush deadline`.
    func retryPastDeadline() -> GiveUp {
        var what = "the next attempt"
        if let lastWait {
            // Retry-After is whole seconds on the wire, so it is shown as the receiver sent it.
            what = lastWait.retryAfter ? "Retry-After \(lastWait.duration.components.seconds)s" : "the retry in \(lastWait.duration.flowText)"
        }
        return GiveUp(attempts: attempts, reason: "\(lastReason ?? "failed"); \(what) is past the flush deadline", cause: .deadline)
    }

    /// The flush stopped the delivery: during an attempt (`midAttempt`, which counts) or between
    /// attempts, before the first one included.
    mutating func stopped(_ stop: Stop, midAttempt: Bool) -> Action {
        if midAttempt { attempts += 1 }
        var reason: String
        switch stop {
        case .deadline:
            reason = midAttempt ? "no answer by the flush deadline" : "the flush deadline passed before the next attempt"
            if attempts == 0 { reason = "the flush deadline passed before its turn" }
        case .interrupted:
            reason = "abandoned: the run was interrupted"
        }
        // The last answer says more than the stop does: `500 Internal Server Error; no answer by the flush deadline`.
        if let lastReason { reason = "\(lastReason); \(reason)" }
        return .giveUp(GiveUp(attempts: attempts, reason: reason, cause: stop == .deadline ? .deadline : .interrupted))
    }

    private func giveUp(_ reason: String, _ cause: DeliveryFailure.Cause) -> Action {
        .giveUp(GiveUp(attempts: attempts, reason: reason, cause: cause))
    }
}
