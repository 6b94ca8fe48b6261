/// Replaces secret values in any text before it is written anywhere: console, logs, reports, webhooks.
///
/// A secret is masked however the text spells it: as given, in another Unicode normalization form
/// (NFC or NFD), JSON- or otherwise backslash-escaped, or percent-encoded (`SecretForm`), since an
/// agent that echoes a secret rarely echoes it byte for byte.
public struct Redactor: Hashable, Sendable {
    /// What a secret becomes.
    public static let mask = "***"
    /// Secrets, longest first, so one secret containing another is masked whole.
    public private(set) var secrets: [String]
    /// Every spelling of every secret.
    private var forms: [SecretForm]

    /// Creates a redactor for these secret values (empty ones are ignored).
    public init(secrets: some Swift.Sequence<String> = []) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
        forms = self.secrets.flatMap(SecretForm.forms(of:))
    }

    /// Adds secret values.
    public mutating func add(_ more: some Swift.Sequence<String>) {
        self = Redactor(secrets: secrets + more)
    }

    /// `text` with every secret masked.
    public func redact(_ text: String) -> String {
        masking(text, holdingPartial: false).masked
    }

    /// `text` with every secret masked, as far as it can be told yet, for text that streams on:
    /// `held` is the tail from the first place where a secret may begin but the text ends before
    /// it could be told (`to`, `\u00`, `%C3`), left out of `masked` until more text comes.
    public func redactStreaming(_ text: String) -> (masked: String, held: String) {
        masking(text, holdingPartial: true)
    }

    private func masking(_ text: String, holdingPartial: Bool) -> (masked: String, held: String) {
        guard !forms.isEmpty else { return (text, "") }
        let scalars = Array(text.unicodeScalars)
        var masked = String.UnicodeScalarView()
        var position = 0
        var changed = false
        while position < scalars.count {
            var end: Int?
            var partial = false
            for form in forms where form.mayStart(with: scalars[position]) {
                switch form.match(in: scalars, at: position) {
                case .none: continue
                case .whole(let formEnd): end = max(end ?? formEnd, formEnd)
                case .partial: partial = true
                }
            }
            if holdingPartial && partial {
                return (String(masked), String(String.UnicodeScalarView(scalars[position...])))
            }
            if let end {
                masked.append(contentsOf: Self.mask.unicodeScalars)
                position = end
                changed = true
            } else {
                masked.append(scalars[position])
                position += 1
            }
        }
        return (changed ? String(masked) : text, "")
    }
}
