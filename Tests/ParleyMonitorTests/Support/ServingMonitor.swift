import Foundation
import Logging
import ParleyMonitor

/// Runs `MonitorServer` on 127.0.0.1 (a free port) around `body`, then cancels it and waits for it
/// to stop: the server's life is the scope's.
func withMonitorServer<Value: Sendable>(
    metrics: MonitorMetrics, board: StatusBoard, _ body: @Sendable (Int) async throws -> Value
) async throws -> Value {
    var logger = Logger(label: "parley.monitor.test")
    logger.logLevel = .warning
    let server = MonitorServer(host: "127.0.0.1", port: 0, metrics: metrics, board: board, logger: logger)
    let (ports, port) = AsyncStream.makeStream(of: Int.self)
    return try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask {
            defer { port.finish() }
            try await server.run { port.yield($0) }
            return nil
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            // The server ended before listening: its error says why.
            while let _ = try await group.next() {}
            throw ServingMonitorError(description: "the monitor's server stopped before it listened")
        }
        do {
            let value = try await body(bound)
            group.cancelAll()
            while let _ = try await group.next() {}
            return value
        } catch {
            group.cancelAll()
            while let _ = try? await group.next() {}
            throw error
        }
    }
}

struct ServingMonitorError: Error, CustomStringConvertible {
    var description: String
}

/// A few lines of Prometheus' text format read back: `name{a="b"} value` (no escapes in our labels).
struct Exposition {
    struct Sample: Hashable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    var samples: [Sample]

    init(_ text: String) {
        samples = text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { return nil }
            let series = line[..<space]
            guard let brace = series.firstIndex(of: "{") else { return Sample(name: String(series), labels: [:], value: value) }
            var labels: [String: String] = [:]
            for pair in series[series.index(after: brace)...].dropLast().split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return Sample(name: String(series[..<brace]), labels: labels, value: value)
        }
    }

    /// The value of the one series named `name` with (at least) `labels`; nil when there is none.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
    }
}
