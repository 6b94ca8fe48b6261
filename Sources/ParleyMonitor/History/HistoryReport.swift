import Foundation
import ParleyModel

/// `parley history`'s output: a table for people, JSON for programs.
public enum HistoryReport {
    /// The longest message a table row shows; the rest is cut with "…" (`--json` has it whole).
    static let messageWidth = 100

    /// A table of `entries`, newest first as given, with a header; agent text in it cannot drive
    /// the terminal (controls are spelt out).
    ///
    ///     STARTED (UTC)        CHECK  OUTCOME  DURATION  FLOWS  MESSAGE
    ///     2026-11-26 22:40:01  faq    passed      1.23s  1/1
    public static func table(_ entries: [HistoryEntry]) -> String {
        let header = ["STARTED (UTC)", "CHECK", "OUTCOME", "DURATION", "FLOWS", "MESSAGE"]
        let rows = entries.map(cells)
        let widths = (0..<header.count - 1).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        // Durations and flow counts read best right-aligned; the rest left.
        let rightAligned: Set = [3, 4]
        return ([header] + rows).map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                if column == row.count - 1 {
                    line += cell
                } else {
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    line += (rightAligned.contains(column) ? padding + cell : cell + padding) + "  "
                }
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// `entries` as a JSON array, newest first: every field of each run, times in ISO 8601 (UTC),
    /// durations in seconds; a running run has `"outcome": "running"` and null duration.
    public static func json(_ entries: [HistoryEntry]) -> String {
        // Foundation pretty-prints an empty array over lines; "[]" is what scripts compare against.
        if entries.isEmpty { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and nulls always encode.
        let data = (try? encoder.encode(entries.map(JSONEntry.init))) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func cells(_ entry: HistoryEntry) -> [String] {
        let started = tableDate(entry.startedAt)
        switch entry {
        case .running(let run):
            return [started, run.check.escapingControls, "running", "-", "", ""]
        case .finished(let record):
            let flows = record.flows > 0 ? "\(record.passedFlows)/\(record.flows)" : ""
            return [
                started, record.check.escapingControls, record.outcome.rawValue, seconds(record.duration), flows,
                record.message.map(firstLine) ?? "",
            ]
        }
    }

    private static func firstLine(_ message: String) -> String {
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
        let escaped = line.escapingControls
        return escaped.count > messageWidth ? String(escaped.prefix(messageWidth - 1)) + "…" : escaped
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.2fs", duration.historySeconds)
    }

    private static func tableDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    /// One run in `--json`.
    private struct JSONEntry: Encodable {
        var entry: HistoryEntry

        enum Key: String, CodingKey {
            case id, check, outcome, flows, message, latencies, transcript
            case startedAt = "started_at"
            case durationSeconds = "duration_seconds"
            case passedFlows = "passed_flows"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(entry.id, forKey: .id)
            try container.encode(entry.check, forKey: .check)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            try container.encode(formatter.string(from: entry.startedAt), forKey: .startedAt)
            switch entry {
            case .running:
                try container.encode("running", forKey: .outcome)
                try container.encodeNil(forKey: .durationSeconds)
                try container.encodeNil(forKey: .flows)
                try container.encodeNil(forKey: .passedFlows)
                try container.encodeNil(forKey: .message)
                try container.encode([[String: Double]](), forKey: .latencies)
                try container.encodeNil(forKey: .transcript)
            case .finished(let record):
                try container.encode(record.outcome.rawValue, forKey: .outcome)
                try container.encode(record.duration.historySeconds, forKey: .durationSeconds)
                try container.encode(record.flows, forKey: .flows)
                try container.encode(record.passedFlows, forKey: .passedFlows)
                try container.encode(record.message, forKey: .message)
                let latencies = record.turns.map { turn in
                    Dictionary(uniqueKeysWithValues: turn.map { ($0.key.rawValue, $0.value.historySeconds) })
                }
                try container.encode(latencies, forKey: .latencies)
                try container.encode(record.transcript, forKey: .transcript)
            }
        }
    }
}
