/// Why the webhook could not be set up or could not deliver (STYLE 8: a small struct over a
/// private enum). Its description is the whole message, `webhook:` prefix included, ready for
/// the run summary's plugin failures.
public struct WebhookError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case setting(key: String, problem: String)
        case delivery(url: String, attempts: Int, reason: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A setting in `parley.yaml` is missing or wrong: `webhook: url: …`.
    static func setting(_ key: String, _ problem: String) -> WebhookError {
        WebhookError(.setting(key: key, problem: problem))
    }

    /// Every attempt of a delivery failed; `url` is already made safe to print.
    static func delivery(url: String, attempts: Int, reason: String) -> WebhookError {
        WebhookError(.delivery(url: url, attempts: attempts, reason: reason))
    }

    /// True when the options were wrong, as opposed to a delivery failing.
    public var isSettingError: Bool {
        switch kind {
        case .setting: return true
        case .delivery: return false
        }
    }

    /// `webhook: POST http://127.0.0.1:8080/hook failed after 4 attempts: 500 Internal Server Error`.
    public var description: String {
        switch kind {
        case .setting(let key, let problem):
            return "webhook: \(key): \(problem)"
        case .delivery(let url, let attempts, let reason):
            let noun = attempts == 1 ? "attempt" : "attempts"
            return "webhook: POST \(url) failed after \(attempts) \(noun): \(reason)"
        }
    }
}
