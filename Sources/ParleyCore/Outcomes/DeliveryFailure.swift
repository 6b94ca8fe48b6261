import ParleyModel

/// One delivery a plugin could not make (a webhook's POST), as a value for the reports: which
/// plugin, for which flow run or for the run, where to, how often it tried and why it stopped.
public struct DeliveryFailure: Hashable, Sendable, CustomStringConvertible {
    /// What ended it.
    public enum Cause: String, Hashable, Sendable, CaseIterable {
        /// The receiver failed every attempt allowed, or answered with something a retry cannot fix (a 400).
        case receiver
        /// The flush deadline at the end of the run came first.
        case deadline
        /// Ctrl-C (or SIGTERM) abandoned it.
        case interrupted
    }

    /// The plugin's name: `webhook`.
    public var plugin: String
    /// The flow run it was about, by id; nil for the run's own delivery.
    public var flow: String?
    /// Where it went, safe to print: no user, password, query or fragment.
    public var url: String
    /// Attempts made; 0 when it was never sent.
    public var attempts: Int
    public var cause: Cause
    /// Why it stopped: `500 Internal Server Error`, `429 Too Many Requests; Retry-After 60s is past the flush deadline`.
    public var reason: String
    /// The HTTP method it used: `POST` for a webhook, `PUT` for a Pushgateway push.
    public var method: String

    /// Creates a failure; `url` must already be safe to print.
    public init(plugin: String, flow: String?, url: String, attempts: Int, cause: Cause, reason: String, method: String = "POST") {
        self.plugin = plugin
        self.method = method
        self.flow = flow
        self.url = url
        self.attempts = attempts
        self.cause = cause
        self.reason = reason
    }

    /// `webhook: POST http://… for the run failed after 4 attempts: 500 Internal Server Error`.
    public var description: String {
        let subject = flow.map { "flow \($0)" } ?? "the run"
        guard attempts > 0 else { return "\(plugin): \(method) \(url) for \(subject) was not sent: \(reason)" }
        return "\(plugin): \(method) \(url) for \(subject) failed after \(attempts) \(attempts == 1 ? "attempt" : "attempts"): \(reason)"
    }

    /// The failure with `redactor`'s secrets masked in every text it carries.
    public func redacted(by redactor: Redactor) -> DeliveryFailure {
        var copy = self
        copy.plugin = redactor.redact(plugin)
        copy.flow = flow.map(redactor.redact)
        copy.url = redactor.redact(url)
        copy.reason = redactor.redact(reason)
        return copy
    }
}
