extension RunSummary {
    /// One flow (file and data row) run several times under `--repeat`: how often it passed.
    public struct PassRate: Hashable, Sendable {
        /// The flow's name without the `(run k)` suffix.
        public var name: String
        public var path: String
        public var runs: Int
        /// Passes, flaky ones included.
        public var passed: Int

        /// `passed / runs`, 0…1.
        public var rate: Double { runs == 0 ? 0 : Double(passed) / Double(runs) }
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
        }
        return order.compactMap { rates[$0] }
    }
}
