import Foundation
import GRDB

/// Reads a history file, for `parley history`: read-only, so it can run beside the monitor that
/// writes the file, and it never records runs as interrupted (they may well be running).
public struct HistoryReader: Sendable {
    /// The database file.
    public let path: String
    private let queue: DatabaseQueue

    /// Opens the history at `path` for reading; throws a `HistoryError` when there is no file, or it
    /// is not one `parley monitor` wrote.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw HistoryError.missing(path) }
        self.path = path
        var configuration = HistoryStore.configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let isHistory = try queue.read { db in try db.tableExists(HistoryRow.databaseTableName) }
            guard isHistory else { throw HistoryError.notHistory(path) }
        } catch let error as DatabaseError {
            // SQLITE_NOTADB: some other kind of file.
            if error.resultCode == .SQLITE_NOTADB { throw HistoryError.notHistory(path) }
            throw HistoryError.unreadable(path, error.message ?? error.description)
        }
    }

    /// The last `limit` runs of `check` (of every check when nil), running ones included, newest first.
    public func entries(check: String? = nil, limit: Int) async throws -> [HistoryEntry] {
        try await read { db in try HistorySchema.entries(db, check: check, limit: limit, finishedOnly: false) }
    }

    /// The names of the checks the history holds runs of.
    public func checks() async throws -> [String] {
        try await read(HistorySchema.checks)
    }

    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await queue.read(body)
        } catch let error as DatabaseError {
            throw HistoryError.unreadable(path, error.message ?? error.description)
        }
    }
}
