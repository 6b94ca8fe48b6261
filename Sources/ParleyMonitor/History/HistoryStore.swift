import Foundation
import GRDB
import Logging
import ParleyModel

/// The monitor's run history in SQLite (GRDB, write-ahead log), as a `MonitorObserver`: a row is
/// written as `running` when a check starts and completed when it finishes, so a crash loses at
/// most the runs in flight, and opening the file again records those as interrupted.
///
/// After every finished run the history is pruned: runs older than the retention's age, and the
/// check's runs beyond the newest `runsPerCheck`. A failed write is logged and the monitor goes on:
/// history is a record of the checks, not a reason to stop them.
///
/// One monitor writes a history file at a time; `HistoryReader` reads it alongside.
public final class HistoryStore: MonitorObserver {
    /// The database file.
    public let path: String
    /// What is kept.
    public let retention: HistoryRetention
    /// How many runs were found left running when the file was opened, now recorded as interrupted.
    public let interruptedOnOpen: Int

    private let pool: DatabasePool
    private let date: @Sendable () -> Date
    private let logger: Logger

    /// The message of a run found left running: nobody saw it end, so its length is unknown too.
    public static let leftRunningMessage = "the monitor stopped before this run finished (found when it started again)"

    /// Opens the history at `path`, creating it and its folder when missing, brings its tables up to
    /// date, records runs left running as interrupted and prunes what `retention` no longer keeps.
    /// `date` is the wall clock retention measures age by.
    public static func open(
        path: String, retention: HistoryRetention = HistoryRetention(), date: @escaping @Sendable () -> Date = Date.init,
        logger: Logger = Logger(label: "parley.history")
    ) throws -> HistoryStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw HistoryError.unreadable(path, "cannot create its folder \(folder.path): \(error.localizedDescription)")
        }
        let pool: DatabasePool
        let interrupted: Int
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
            try HistorySchema.migrator.migrate(pool)
            interrupted = try pool.write { db in
                try db.execute(
                    sql: "UPDATE check_run SET outcome = ?, message = ?, finished_at = ? WHERE outcome = ?",
                    arguments: [CheckOutcome.interrupted.rawValue, leftRunningMessage, date().timeIntervalSince1970, HistoryRow.running])
                let count = db.changesCount
                try prune(db, check: nil, retention: retention, now: date())
                return count
            }
        } catch let error as DatabaseError {
            throw HistoryError.unreadable(path, error.message ?? error.description)
        }
        if interrupted > 0 {
            logger.warning("runs left running were recorded as interrupted", metadata: ["count": "\(interrupted)", "history": "\(path)"])
        }
        return HistoryStore(path: path, retention: retention, interruptedOnOpen: interrupted, pool: pool, date: date, logger: logger)
    }

    private init(
        path: String, retention: HistoryRetention, interruptedOnOpen: Int, pool: DatabasePool, date: @escaping @Sendable () -> Date,
        logger: Logger
    ) {
        self.path = path
        self.retention = retention
        self.interruptedOnOpen = interruptedOnOpen
        self.pool = pool
        self.date = date
        self.logger = logger
    }

    /// WAL (DatabasePool's own), `synchronous = NORMAL` (a committed run survives a crash of the
    /// process; only a power cut may lose the last ones), and a wait instead of an error when a
    /// reader in another process holds a lock for a moment.
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    public func checkStarted(_ check: String, id: String, at start: CheckStart) async {
        let row = HistoryRow(started: check, id: id, at: start.date)
        do {
            try await write { db in try row.save(db) }
        } catch {
            logger.error("could not record a check's start", metadata: ["check": "\(check)", "history": "\(path)", "error": "\(error)"])
        }
    }

    public func checkFinished(_ record: CheckRecord) async {
        let now = date()
        let row = HistoryRow(record, finishedAt: now)
        let retention = retention
        do {
            // One transaction: the finished run and the pruning it allows.
            try await write { db in
                try row.save(db)
                try Self.prune(db, check: record.check, retention: retention, now: now)
            }
        } catch {
            logger.error("could not record a finished check", metadata: ["check": "\(record.check)", "history": "\(path)", "error": "\(error)"])
        }
    }

    /// Writes in one transaction, to the end even when the calling task is cancelled: GRDB's async
    /// `write` gives up with a CancellationError then, and the monitor records its interrupted runs
    /// from the task SIGTERM cancelled. The writer's own queue runs it; no thread waits.
    private func write(_ updates: @escaping @Sendable (Database) throws -> Void) async throws {
        let result: Result<Void, any Error> = await withCheckedContinuation { continuation in
            pool.asyncWrite(updates) { _, result in continuation.resume(returning: result) }
        }
        try result.get()
    }

    /// The last `limit` finished runs of `check` (of every check when nil), newest first.
    public func recent(check: String? = nil, limit: Int) async throws -> [CheckRecord] {
        try await pool.read { db in
            try HistorySchema.entries(db, check: check, limit: limit, finishedOnly: true).compactMap { entry in
                switch entry {
                case .finished(let record): return record
                case .running: return nil
                }
            }
        }
    }

    /// Closes the file; the store must not be used after.
    public func close() throws {
        try pool.close()
    }

    /// Deletes finished runs older than `retention.age` (of every check), and those of `check`
    /// (of every check when nil) beyond its newest `retention.runsPerCheck`. Runs still going are
    /// left alone: they are not history yet.
    static func prune(_ db: Database, check: String?, retention: HistoryRetention, now: Date) throws {
        let oldest = now.timeIntervalSince1970 - retention.age.historySeconds
        try db.execute(sql: "DELETE FROM check_run WHERE started_at < ? AND outcome != ?", arguments: [oldest, HistoryRow.running])
        let checks = try check.map { [$0] } ?? HistorySchema.checks(db)
        for check in checks {
            try db.execute(
                sql: """
                    DELETE FROM check_run WHERE check_name = ? AND outcome != ? AND rowid NOT IN (
                        SELECT rowid FROM check_run WHERE check_name = ? AND outcome != ?
                        ORDER BY started_at DESC, rowid DESC LIMIT ?)
                    """,
                arguments: [check, HistoryRow.running, check, HistoryRow.running, retention.runsPerCheck])
        }
    }
}
