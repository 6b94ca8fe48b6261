import ParleyModel

/// How a whole flow run went.
public enum FlowOutcome: Hashable, Sendable {
    case passed
    /// The first failing step's failure.
    case failed(StepFailure)
    /// Passed only on a retry: of a `retry` block, or of the whole flow under `--retries`.
    case flaky
    /// Not run, or stopped: `--fail-fast` after another flow failed, or Ctrl-C.
    case skipped(reason: String)

    /// Whether the flow counts as a pass (flaky included).
    public var isPass: Bool {
        switch self {
        case .passed, .flaky: return true
        case .failed, .skipped: return false
        }
    }
}

/// A finished flow run.
public struct FlowResult: Hashable, Sendable {
    public var run: FlowRun
    public var outcome: FlowOutcome
    public var steps: [StepResult]
    /// When it started, from the suite's start.
    public var started: Duration
    public var duration: Duration
    /// Agent events received.
    public var eventCount: Int

    /// Creates a result.
    public init(run: FlowRun, outcome: FlowOutcome, steps: [StepResult], started: Duration, duration: Duration, eventCount: Int) {
        self.run = run
        self.outcome = outcome
        self.steps = steps
        self.started = started
        self.duration = duration
        self.eventCount = eventCount
    }
}
