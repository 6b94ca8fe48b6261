import Foundation

/// The status page's memory: each check's last 50 runs, the run under way and the last failure,
/// seeded from the history at start so a restarted monitor shows what came before. Renders the
/// page (`StatusPage`) for `/`.
///
/// Only the last failure keeps its transcript (up to 1 MiB): the other kept runs drop theirs, so
/// memory stays flat however many checks fail.
public actor StatusBoard: MonitorObserver {
    /// Runs kept per check.
    public static let kept = 50

    private var book: Book
    private let date: @Sendable () -> Date

    /// A board for `checks` (in the page's order), seeded with `history` (any order; the newest
    /// `kept` runs of each check are kept). `date` is the wall clock the page's "updated" line reads.
    public init(checks: [String], history: [CheckRecord] = [], date: @escaping @Sendable () -> Date = Date.init) {
        var book = Book(checks: checks)
        for record in history.sorted(by: { $0.startedAt < $1.startedAt }) { book.add(record) }
        self.book = book
        self.date = date
    }

    /// Shows the check as running since `start`.
    public func checkStarted(_ check: String, id: String, at start: CheckStart) async {
        book.started(check, at: start.date)
    }

    /// Keeps the run (and, when it failed, makes it the last failure).
    public func checkFinished(_ record: CheckRecord) async {
        book.add(record)
    }

    /// Every check's status, in the order given at start (checks first seen later come after).
    public func snapshot() -> [CheckStatus] {
        book.snapshot
    }

    /// The status page's HTML, as of now.
    public func page() -> String {
        StatusPage(checks: book.snapshot, updated: date()).html
    }

    /// The statuses and their order (a value, so the actor only guards it).
    struct Book: Sendable {
        private var order: [String] = []
        private var statuses: [String: CheckStatus] = [:]

        init(checks: [String]) {
            for check in checks { touch(check) }
        }

        var snapshot: [CheckStatus] { order.compactMap { statuses[$0] } }

        mutating func started(_ check: String, at date: Date) {
            touch(check)
            statuses[check]?.runningSince = date
        }

        /// A finished run: kept without its transcript; a failure also as the last failure, whole.
        mutating func add(_ record: CheckRecord) {
            touch(record.check)
            var status = statuses[record.check] ?? CheckStatus(name: record.check)
            status.runningSince = nil
            var kept = record
            kept.transcript = nil
            status.runs.append(kept)
            if status.runs.count > StatusBoard.kept { status.runs.removeFirst(status.runs.count - StatusBoard.kept) }
            if record.outcome.counts, !record.outcome.isUp { status.lastFailure = record }
            statuses[record.check] = status
        }

        /// Makes the check's status (at the end of the order) when first seen.
        private mutating func touch(_ check: String) {
            guard statuses[check] == nil else { return }
            statuses[check] = CheckStatus(name: check)
            order.append(check)
        }
    }
}
