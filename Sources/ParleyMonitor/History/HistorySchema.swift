import GRDB

/// The history's tables, as migrations: a database written by an older Parley is brought up to
/// date when the monitor opens it, and never rewritten by hand.
enum HistorySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: check_run") { db in
            try db.create(table: HistoryRow.databaseTableName) { table in
                table.primaryKey(HistoryRow.CodingKeys.id.rawValue, .text)
                table.column(HistoryRow.CodingKeys.check.rawValue, .text).notNull()
                table.column(HistoryRow.CodingKeys.startedAt.rawValue, .double).notNull()
                table.column(HistoryRow.CodingKeys.outcome.rawValue, .text).notNull()
                table.column(HistoryRow.CodingKeys.durationNanoseconds.rawValue, .integer)
                table.column(HistoryRow.CodingKeys.flows.rawValue, .integer).notNull().defaults(to: 0)
                table.column(HistoryRow.CodingKeys.passedFlows.rawValue, .integer).notNull().defaults(to: 0)
                table.column(HistoryRow.CodingKeys.message.rawValue, .text)
                table.column(HistoryRow.CodingKeys.turns.rawValue, .text)
                table.column(HistoryRow.CodingKeys.transcript.rawValue, .text)
                table.column(HistoryRow.CodingKeys.finishedAt.rawValue, .double)
            }
            // Every query is "this check's runs, newest first", and retention by age scans started_at.
            try db.create(index: "check_run_by_check", on: HistoryRow.databaseTableName, columns: ["check_name", "started_at"])
            try db.create(index: "check_run_by_start", on: HistoryRow.databaseTableName, columns: ["started_at"])
        }
        return migrator
    }

    /// The runs, newest first (ties in insertion order, newest first), of `check` or of every check.
    static func entries(_ db: Database, check: String?, limit: Int, finishedOnly: Bool) throws -> [HistoryEntry] {
        var request = HistoryRow.all()
        if let check { request = request.filter(HistoryRow.CodingKeys.check == check) }
        if finishedOnly { request = request.filter(HistoryRow.CodingKeys.outcome != HistoryRow.running) }
        request = request.order(HistoryRow.CodingKeys.startedAt.desc, Column.rowID.desc).limit(max(limit, 0))
        return try request.fetchAll(db).map(\.entry)
    }

    /// The checks the history holds runs of, by name.
    static func checks(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT check_name FROM check_run ORDER BY check_name")
    }
}
