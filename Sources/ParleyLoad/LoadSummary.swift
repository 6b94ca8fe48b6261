import ParleyModel

/// What a load did: counts, throughput, error rate, and percentiles overall, per flow and per
/// step. `parley load` prints it as a table and writes it as JSON (`--json`).
public struct LoadSummary: Hashable, Sendable {
    public var plan: LoadPlan
    /// From the first run's start to the last run's end (or the interruption).
    public var elapsed: Duration
    /// Whether Ctrl-C (or SIGTERM, SIGHUP) stopped the load early.
    public var interrupted: Bool
    /// Runs that passed, flaky ones included.
    public var passed: Int
    public var failed: Int
    /// Runs Ctrl-C cut short: in no other figure.
    public var interruptedRuns: Int
    /// Open-model arrivals that found the cap on runs at once reached.
    public var dropped: Int
    /// Steps that ran in counted runs, and those that failed.
    public var steps: Int
    public var failedSteps: Int
    public var runsPerSecond: Double
    public var stepsPerSecond: Double
    /// Failed runs over finished runs, 0…1.
    public var errorRate: Double
    /// Flow run durations, and each turn's latencies counted once per turn.
    public var overall: [LoadMeasure: LatencyFigures]
    public var flows: [Flow]
    /// Failures grouped by message and step, most frequent first.
    public var errors: [FailureCount]

    /// Runs that finished, passed or failed.
    public var runs: Int { passed + failed }

    /// One flow's figures.
    public struct Flow: Hashable, Sendable {
        /// The flow's name as written.
        public var name: String
        public var path: String
        public var runs: Int
        public var failed: Int
        public var duration: LatencyFigures?
        public var steps: [Step]
    }

    /// One step's figures: its own duration, and the latencies of its turn reached while it ran.
    public struct Step: Hashable, Sendable {
        /// `send "Where is my order?"`, `expect reply`.
        public var summary: String
        /// `file:line:column`.
        public var location: String
        public var count: Int
        public var failed: Int
        public var measures: [LoadMeasure: LatencyFigures]
    }

    /// How often one failure happened.
    public struct FailureCount: Hashable, Sendable {
        public var message: String
        public var location: String
        public var count: Int

        /// A count as given.
        public init(message: String, location: String, count: Int) {
            self.message = message
            self.location = location
            self.count = count
        }
    }

    /// The summary with `redactor`'s secrets masked in every text that came from a flow or an agent.
    public func redacted(by redactor: Redactor) -> LoadSummary {
        var copy = self
        copy.errors = errors.map { FailureCount(message: redactor.redact($0.message), location: $0.location, count: $0.count) }
        copy.flows = flows.map { flow in
            var flow = flow
            flow.name = redactor.redact(flow.name)
            flow.steps = flow.steps.map { step in
                var step = step
                step.summary = redactor.redact(step.summary)
                return step
            }
            return flow
        }
        return copy
    }
}
