/// Why a history database could not be used; its description is the whole message for people.
public struct HistoryError: Error, CustomStringConvertible, Sendable {
    private enum Kind: Sendable {
        case missing
        case unreadable(String)
        case notHistory
    }

    private let kind: Kind
    /// The database's path.
    public let path: String

    private init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// There is no file at `path`.
    static func missing(_ path: String) -> HistoryError { HistoryError(.missing, path: path) }
    /// SQLite could not open or read the file.
    static func unreadable(_ path: String, _ reason: String) -> HistoryError { HistoryError(.unreadable(reason), path: path) }
    /// The file is an SQLite database but not one `parley monitor` wrote.
    static func notHistory(_ path: String) -> HistoryError { HistoryError(.notHistory, path: path) }

    /// Whether the file does not exist (nothing has been recorded there yet).
    public var isMissing: Bool {
        switch kind {
        case .missing: return true
        case .unreadable, .notHistory: return false
        }
    }

    /// The message, naming the path.
    public var description: String {
        switch kind {
        case .missing:
            return "no history at \(path): `parley monitor` creates it when it runs (or pass --history PATH)"
        case .unreadable(let reason):
            return "cannot read the history at \(path): \(reason)"
        case .notHistory:
            return "\(path) is not a history `parley monitor` wrote (it has no check_run table)"
        }
    }
}
