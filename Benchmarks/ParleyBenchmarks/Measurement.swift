import Foundation
import ParleyCore

/// Wall time of a run and its flows' durations, summarised.
struct Measurement {
    var name: String
    var wall: Duration
    var flows: [Duration]
    var passed: Int

    init(name: String, wall: Duration, summary: RunSummary) {
        self.name = name
        self.wall = wall
        flows = summary.results.map(\.duration).sorted()
        passed = summary.passed
    }

    func percentile(_ fraction: Double) -> Duration {
        guard !flows.isEmpty else { return .zero }
        return flows[min(flows.count - 1, Int((Double(flows.count) * fraction).rounded(.up)) - 1)]
    }

    static func ms(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.2f ms", value)
    }

    /// One Markdown table row.
    var row: String {
        let mean = flows.isEmpty ? Duration.zero : flows.reduce(.zero, +) / flows.count
        return "| \(name) | \(flows.count) | \(passed) | \(Self.ms(wall)) | \(Self.ms(mean)) | \(Self.ms(percentile(0.5))) | \(Self.ms(percentile(0.95))) |"
    }

    static let header = """
        | target | flows | passed | wall | mean per flow | p50 | p95 |
        | --- | ---: | ---: | ---: | ---: | ---: | ---: |
        """
}
