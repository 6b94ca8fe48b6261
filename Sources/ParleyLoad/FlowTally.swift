import ParleyCore
import ParleyModel

/// One flow's share of a load: its runs' durations, and each of its steps' figures, steps in the
/// order they were first seen (the flow's order, branches and includes where they ran).
struct FlowTally: Sendable {
    var runs = 0
    var failed = 0
    var durations = LatencyHistogram()
    var steps: [StepKey: StepTally] = [:]
    var stepOrder: [StepKey] = []

    /// A step by where it is written and what it does: a step inside `repeat` adds up over its rounds.
    struct StepKey: Hashable, Sendable {
        var location: SourceLocation
        var summary: String
    }

    struct StepTally: Sendable {
        var count = 0
        var failed = 0
        var measures: [LoadMeasure: LatencyHistogram] = [:]
    }

    mutating func record(_ result: FlowResult) {
        runs += 1
        if case .failed = result.outcome { failed += 1 }
        durations.record(result.duration)
        // A turn's latency belongs to the step that was running when it was reached: every later
        // step of the turn carries the same value, which is a new turn's only when it differs.
        var previous: [LatencyMeasure: Duration] = [:]
        for step in result.steps where step.outcome != .skipped {
            defer { previous = step.latencies }
            let key = StepKey(location: step.step.location, summary: step.step.summary)
            if steps[key] == nil {
                steps[key] = StepTally()
                stepOrder.append(key)
            }
            steps[key]?.count += 1
            if case .failed = step.outcome { steps[key]?.failed += 1 }
            steps[key]?.measures[.duration, default: LatencyHistogram()].record(step.duration)
            for (measure, latency) in step.latencies where previous[measure] != latency {
                steps[key]?.measures[LoadMeasure(measure), default: LatencyHistogram()].record(latency)
            }
        }
    }

    func summary(_ key: LoadTally.FlowKey) -> LoadSummary.Flow {
        LoadSummary.Flow(
            name: key.name, path: key.path, runs: runs, failed: failed, duration: durations.figures,
            steps: stepOrder.compactMap { key in
                steps[key].map { tally in
                    LoadSummary.Step(
                        summary: key.summary, location: key.location.description, count: tally.count, failed: tally.failed,
                        measures: tally.measures.compactMapValues(\.figures))
                }
            })
    }
}
