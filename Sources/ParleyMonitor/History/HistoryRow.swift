import Foundation
import GRDB
import ParleyModel

/// A row of `check_run`: one run, inserted as `running` when it starts and completed when it ends.
///
/// Times are Unix seconds (REAL) so that the file reads well in `sqlite3`; durations and latencies
/// are whole nanoseconds (INTEGER), exact for any run shorter than 292 years.
struct HistoryRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "check_run"
    /// `outcome` of a run that has not ended.
    static let running = "running"

    var id: String
    var check: String
    var startedAt: Double
    /// A `CheckOutcome` raw value, or `running`.
    var outcome: String
    /// Nil while running, and for a run found left running (its length is unknown).
    var durationNanoseconds: Int64?
    var flows: Int
    var passedFlows: Int
    var message: String?
    /// Each turn's latencies as JSON: `[{"first_token": nanoseconds, …}, …]`.
    var turns: String?
    var transcript: String?
    var finishedAt: Double?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, outcome, flows, message, turns, transcript
        case check = "check_name"
        case startedAt = "started_at"
        case durationNanoseconds = "duration_ns"
        case passedFlows = "passed_flows"
        case finishedAt = "finished_at"
    }

    /// The row of a run that just started.
    init(started check: String, id: String, at date: Date) {
        self.id = id
        self.check = check
        self.startedAt = date.timeIntervalSince1970
        self.outcome = Self.running
        self.flows = 0
        self.passedFlows = 0
    }

    /// The row of a run that ended at `finishedAt`.
    init(_ record: CheckRecord, finishedAt: Date) {
        self.id = record.id
        self.check = record.check
        self.startedAt = record.startedAt.timeIntervalSince1970
        self.outcome = record.outcome.rawValue
        self.durationNanoseconds = Self.nanoseconds(record.duration)
        self.flows = record.flows
        self.passedFlows = record.passedFlows
        self.message = record.message
        self.turns = record.turns.isEmpty ? nil : Self.encode(record.turns)
        self.transcript = record.transcript
        self.finishedAt = finishedAt.timeIntervalSince1970
    }

    /// What the row says: running, or ended with a record. An outcome this build does not know
    /// (a newer Parley wrote it) reads as an error rather than failing the whole listing.
    var entry: HistoryEntry {
        let started = Date(timeIntervalSince1970: startedAt)
        if outcome == Self.running { return .running(RunningCheck(id: id, check: check, startedAt: started)) }
        return .finished(
            CheckRecord(
                id: id, check: check, startedAt: started, duration: .nanoseconds(durationNanoseconds ?? 0),
                outcome: CheckOutcome(rawValue: outcome) ?? .error, flows: flows, passedFlows: passedFlows, message: message,
                turns: turns.map(Self.decode) ?? [], transcript: transcript))
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private static func encode(_ turns: [[LatencyMeasure: Duration]]) -> String {
        let plain = turns.map { turn in Dictionary(uniqueKeysWithValues: turn.map { ($0.key.rawValue, nanoseconds($0.value)) }) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A dictionary of strings to integers always encodes.
        return (try? encoder.encode(plain)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    private static func decode(_ text: String) -> [[LatencyMeasure: Duration]] {
        guard let plain = try? JSONDecoder().decode([[String: Int64]].self, from: Data(text.utf8)) else { return [] }
        return plain.map { turn in
            // A measure a newer Parley added is skipped, not an error.
            Dictionary(uniqueKeysWithValues: turn.compactMap { key, value in LatencyMeasure(rawValue: key).map { ($0, .nanoseconds(value)) } })
        }
    }
}

extension Duration {
    /// In seconds, to the nanosecond, for people and JSON.
    var historySeconds: Double {
        Double(HistoryRow.nanoseconds(self)) / 1e9
    }
}
