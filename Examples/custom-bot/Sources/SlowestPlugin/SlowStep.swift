import Parley

/// One flow run's slowest step.
struct SlowStep: Sendable, Equatable {
    var flow: String
    var step: String
    /// Where the step is written: `flows/02-order.flow.yaml:14:5`.
    var location: SourceLocation
    var duration: Duration
    var passed: Bool

    /// The slowest step of `result`, or nil for a flow that ran none (skipped).
    init?(_ result: FlowResult) {
        guard let slowest = result.steps.max(by: { $0.duration < $1.duration }) else { return nil }
        flow = result.run.name
        step = slowest.step.summary
        location = slowest.step.location
        duration = slowest.duration
        passed = result.outcome.isPass
    }

    var json: JSONValue {
        .object([
            JSONMember("flow", .string(flow)),
            JSONMember("step", .string(step)),
            JSONMember("location", .string(location.description)),
            JSONMember("duration_ms", .number((Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15).rounded())),
            JSONMember("flow_passed", .bool(passed)),
        ])
    }
}
