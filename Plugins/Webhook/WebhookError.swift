/// Why the webhook could not be set up or could not deliver (STYLE 8: a small struct over a
/// private enum).
///
/// A setting error reads `webhook: url: required`, whole, for the command line to put after the
/// entry's location. A delivery error reads `POST http://… failed after 4 attempts: 500 Internal
/// Server Error`, because the plugin host prefixes what `handle` and `finish` throw with the
/// plugin's name: the run summary then says `webhook: POST http://… failed after …`.
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

    /// `webhook: url: required`, or `POST http://127.0.0.1:8080/hook failed after 4 attempts: 500 Internal Server Error`.
    public var description: String {
        switch kind {
        case .setting(let key, let problem):
            return "webhook: \(key): \(problem)"
        case .delivery(let url, let attempts, let reason):
            let noun = attempts == 1 ? "attempt" : "attempts"
            return "POST \(url) failed after \(attempts) \(noun): \(reason)"
        }
    }
}
