import ParleyCore
import ParleyModel

/// The figures of a load so far, as a pure value: flow results go in, a `LoadSummary` comes out.
/// No clock and no I/O, so every count and percentile is tested with made-up results.
///
/// Interrupted runs (Ctrl-C) count as neither passed nor failed, and none of their figures is
/// kept: a run cut short would pull every percentile down.
public struct LoadTally: Sendable {
    public private(set) var passed = 0
    public private(set) var failed = 0
    public private(set) var interrupted = 0
    /// Arrivals of the open model that found the cap on runs at once reached.
    public private(set) var dropped = 0
    /// Steps that ran (passed, flaky or failed) in counted runs.
    public private(set) var steps = 0
    public private(set) var failedSteps = 0
    /// Flow run durations and each turn's latencies, counted once per turn.
    private(set) var overall: [LoadMeasure: LatencyHistogram] = [:]
    private var flows: [FlowKey: FlowTally] = [:]
    private var flowOrder: [FlowKey] = []
    private var failures: [FailureKey: Int] = [:]
    private var otherFailures = 0

    /// Distinct failure messages kept; the rest are only counted.
    static let failureKinds = 50

    /// A tally with nothing in it.
    public init() {}

    /// Runs that finished, passed or failed: what throughput and the error rate count.
    public var runs: Int { passed + failed }

    /// Adds one finished flow run.
    public mutating func record(_ result: FlowResult) {
        switch result.outcome {
        case .passed, .flaky: passed += 1
        case .failed(let failure):
            failed += 1
            noteFailure(failure)
        case .skipped:
            interrupted += 1
            return
        }
        let key = FlowKey(path: result.run.path, name: result.run.name)
        if flows[key] == nil {
            flows[key] = FlowTally()
            flowOrder.append(key)
        }
        flows[key]?.record(result)
        overall[.duration, default: LatencyHistogram()].record(result.duration)
        // Every step of a turn carries the turn's latencies; a value is a new turn's when it
        // differs from the step before's (a user action between turns clears them).
        var previous: [LatencyMeasure: Duration] = [:]
        for step in result.steps where step.outcome != .skipped {
            steps += 1
            if case .failed = step.outcome { failedSteps += 1 }
            for (measure, latency) in step.latencies where previous[measure] != latency {
                overall[LoadMeasure(measure), default: LatencyHistogram()].record(latency)
            }
            previous = step.latencies
        }
    }

    /// Counts an arrival the open model dropped.
    public mutating func drop() {
        dropped += 1
    }

    /// The figures, with throughput over `elapsed`.
    public func summary(plan: LoadPlan, elapsed: Duration, interrupted wasInterrupted: Bool) -> LoadSummary {
        let seconds = max(elapsed.inSeconds, 0.000_001)
        var errors = failures.map { LoadSummary.FailureCount(message: $0.key.message, location: $0.key.location, count: $0.value) }
        errors.sort { ($1.count, $0.location, $0.message) < ($0.count, $1.location, $1.message) }
        if otherFailures > 0 { errors.append(LoadSummary.FailureCount(message: "other failures", location: "", count: otherFailures)) }
        return LoadSummary(
            plan: plan, elapsed: elapsed, interrupted: wasInterrupted, passed: passed, failed: failed, interruptedRuns: interrupted,
            dropped: dropped, steps: steps, failedSteps: failedSteps,
            runsPerSecond: Double(runs) / seconds, stepsPerSecond: Double(steps) / seconds,
            errorRate: runs == 0 ? 0 : Double(failed) / Double(runs),
            overall: overall.compactMapValues(\.figures),
            flows: flowOrder.compactMap { key in flows[key].map { $0.summary(key) } },
            errors: errors)
    }

    private mutating func noteFailure(_ failure: StepFailure) {
        // A message mentions what arrived, so the same failure can read many ways; the first
        // line, cut short, groups them without holding every variant.
        let line = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let key = FailureKey(message: String(line.prefix(200)), location: failure.location.description)
        if failures[key] != nil || failures.count < Self.failureKinds {
            failures[key, default: 0] += 1
        } else {
            otherFailures += 1
        }
    }

    struct FlowKey: Hashable, Sendable {
        var path: String
        var name: String
    }

    struct FailureKey: Hashable, Sendable {
        var message: String
        var location: String
    }
}
