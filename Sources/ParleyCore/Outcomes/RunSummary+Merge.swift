import Foundation
import ParleyModel

extension RunSummary {
    /// The runs of `parts` (the shards of one run, say) as one run: every flow run in the order
    /// given, timed from the earliest start to the latest end, interrupted when any part was.
    /// A flow run's `started` is moved to count from the merged start.
    public static func merged(_ parts: [RunSummary]) -> RunSummary {
        guard let first = parts.first else { return RunSummary(results: [], startedAt: Date(), duration: .zero) }
        let start = parts.map(\.startedAt).min() ?? first.startedAt
        var end = start
        var merged = RunSummary(results: [], startedAt: start, duration: .zero)
        for part in parts {
            let offset = Duration.milliseconds(Int64((part.startedAt.timeIntervalSince(start) * 1000).rounded()))
            merged.results += part.results.map { result in
                var moved = result
                moved.started += offset
                return moved
            }
            end = max(end, part.startedAt.addingTimeInterval(part.duration.inSeconds))
            merged.interrupted = merged.interrupted || part.interrupted
            merged.pluginFailures += part.pluginFailures
            merged.deliveryFailures += part.deliveryFailures
        }
        merged.duration = .milliseconds(Int64((end.timeIntervalSince(start) * 1000).rounded()))
        return merged
    }
}
