import Foundation
import ParleyModel

/// One line per finished check run on standard output: when, which check, how it ended, how long
/// it took, and the first failure: `2026-11-26T22:40:01Z faq passed 1.23s`.
public struct ConsoleObserver: MonitorObserver {
    private let write: @Sendable (String) -> Void

    /// A console writing each line (with its newline) through `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public func checkFinished(_ record: CheckRecord) async {
        write(Self.line(record) + "\n")
    }

    /// The line for `record`; agent text in it cannot drive the terminal (controls are spelt out).
    public static func line(_ record: CheckRecord) -> String {
        let formatter = ISO8601DateFormatter()
        let seconds = Double(record.duration.components.seconds) + Double(record.duration.components.attoseconds) / 1e18
        var line = "\(formatter.string(from: record.startedAt)) \(record.check) \(record.outcome.rawValue) \(String(format: "%.2f", seconds))s"
        if record.flows > 0 { line += " \(record.passedFlows)/\(record.flows) flows" }
        if let message = record.message, !record.outcome.isUp {
            let first = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
            line += ": \(first)"
        }
        return line.escapingControls
    }
}
