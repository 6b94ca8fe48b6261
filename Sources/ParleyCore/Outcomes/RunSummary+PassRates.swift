import ParleyModel

extension RunSummary {
    /// One flow (file and data row) run several times under `--repeat`: how often it passed.
    public struct PassRate: Hashable, Sendable {
        /// The flow's name without the `(run k)` suffix.
        public var name: String
        public var path: String
        public var runs: Int
        /// Passes, flaky ones included.
        public var passed: Int
        /// Each run's duration, in the order they ran.
        public var durations: [Duration] = []
        /// Each turn's latencies over all the runs, by measure.
        public var latencies: [LatencyMeasure: [Duration]] = [:]

        /// `passed / runs`, 0…1.
        public var rate: Double { runs == 0 ? 0 : Double(passed) / Double(runs) }

        /// The spread of the runs' durations and of each measured latency.
        public var spread: (duration: Spread?, latencies: [LatencyMeasure: Spread]) {
            (Spread(durations), latencies.compactMapValues(Spread.init))
        }
    }

    /// The median and 95th percentile of some durations (nearest rank), and how many there were.
    public struct Spread: Hashable, Sendable {
        public var p50: Duration
        public var p95: Duration
        public var count: Int

        /// nil for no durations.
        public init?(_ durations: [Duration]) {
            guard !durations.isEmpty else { return nil }
            let sorted = durations.sorted()
            func rank(_ percentile: Double) -> Duration {
                sorted[max(0, Int((percentile * Double(sorted.count)).rounded(.up)) - 1)]
            }
            p50 = rank(0.5)
            p95 = rank(0.95)
            count = sorted.count
        }
    }

    /// Pass rates per flow and data row, in the order the flows ran; empty unless a flow ran more than once.
    public var passRates: [PassRate] {
        guard results.contains(where: { $0.run.repetition > 1 }) else { return [] }
        var order: [String] = []
        var rates: [String: PassRate] = [:]
        for result in results {
            let run = result.run
            let key = run.path + (run.row.map { "#row\($0)" } ?? "")
            let suffix = " (run \(run.repetition))"
            let name = run.name.hasSuffix(suffix) ? String(run.name.dropLast(suffix.count)) : run.name
            if rates[key] == nil {
                order.append(key)
                rates[key] = PassRate(name: name, path: run.path, runs: 0, passed: 0)
            }
            rates[key]?.runs += 1
            if result.outcome.isPass { rates[key]?.passed += 1 }
            rates[key]?.durations.append(result.duration)
            for step in result.steps {
                for (measure, latency) in step.latencies { rates[key]?.latencies[measure, default: []].append(latency) }
            }
        }
        return order.compactMap { rates[$0] }
    }
}
