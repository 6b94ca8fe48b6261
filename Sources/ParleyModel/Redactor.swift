/// Replaces secret values in any text before it is written anywhere: console, logs, reports, webhooks.
public struct Redactor: Hashable, Sendable {
    /// What a secret becomes.
    public static let mask = "***"
    /// Secrets, longest first, so one secret containing another is masked whole.
    public private(set) var secrets: [String]

    /// Creates a redactor for these secret values (empty ones are ignored).
    public init(secrets: some Swift.Sequence<String> = []) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
    }

    /// Adds secret values.
    public mutating func add(_ more: some Swift.Sequence<String>) {
        self = Redactor(secrets: secrets + more)
    }

    /// `text` with every secret masked.
    public func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacing($1, with: Self.mask) }
    }
}
