/// Why the webhook could not be set up (STYLE 8: a small struct over a private enum).
///
/// A setting error reads `webhook: url: required`, whole, for the command line to put after the
/// entry's location. A delivery that fails is not an error but a `DeliveryFailure` value, which
/// the host puts in the run summary.
public struct WebhookError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case setting(key: String, problem: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A setting in `parley.yaml` is missing or wrong: `webhook: url: …`.
    static func setting(_ key: String, _ problem: String) -> WebhookError {
        WebhookError(.setting(key: key, problem: problem))
    }

    /// True when the options were wrong; every webhook error is one now (deliveries fail as values).
    public var isSettingError: Bool {
        switch kind {
        case .setting: return true
        }
    }

    /// `webhook: url: required`.
    public var description: String {
        switch kind {
        case .setting(let key, let problem):
            return "webhook: \(key): \(problem)"
        }
    }
}
