/// Why the metrics plugin could not be set up or could not write its textfile (STYLE 8: a small
/// struct over a private enum). A push that fails is not an error but a `DeliveryFailure` value,
/// which the host puts in the run summary, as the webhook's are.
public struct MetricsError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case setting(key: String, problem: String)
        case cannotWrite(path: String, reason: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A setting in `parley.yaml` is missing or wrong: `metrics: file: …`.
    static func setting(_ key: String, _ problem: String) -> MetricsError {
        MetricsError(.setting(key: key, problem: problem))
    }

    /// The textfile could not be written; the previous one, if any, is left whole.
    static func cannotWrite(_ path: String, _ reason: String) -> MetricsError {
        MetricsError(.cannotWrite(path: path, reason: reason))
    }

    /// True when the options were wrong.
    public var isSettingError: Bool {
        switch kind {
        case .setting: return true
        case .cannotWrite: return false
        }
    }

    /// `metrics: file: expected a path ending in .prom; got "out.txt"`, or `cannot write …: Permission denied`.
    public var description: String {
        switch kind {
        case .setting(let key, let problem):
            return "metrics: \(key): \(problem)"
        case .cannotWrite(let path, let reason):
            // The host names the plugin before it: `metrics: cannot write …`.
            return "cannot write \(path): \(reason)"
        }
    }
}
