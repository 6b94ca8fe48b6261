import ParleyModel

/// A step as plugins see it when it starts.
public struct StepInfo: Hashable, Sendable {
    /// A short description: `send "Where is my order A-1042?"`, `expect reply`.
    public var summary: String
    /// Where the step is written.
    public var location: SourceLocation
    /// How deep it sits in `if`/`repeat`/`include`/`retry` blocks (0 at the top).
    public var depth: Int

    /// Creates step info.
    public init(summary: String, location: SourceLocation, depth: Int) {
        self.summary = summary
        self.location = location
        self.depth = depth
    }
}

/// A finished step: what it was, how it went, and when.
public struct StepResult: Hashable, Sendable {
    public var step: StepInfo
    public var outcome: StepOutcome
    /// When the step started, from the flow's start.
    public var started: Duration
    /// How long it took.
    public var duration: Duration
    /// The latencies of the current turn reached when the step finished, measured from the user
    /// action that opened the turn (none in the opening turn, which no user action opened).
    public var latencies: [LatencyMeasure: Duration]
    /// The `similar` and `judge` decisions made while the step waited, with scores and models.
    public var meaning: [MeaningCheck] = []

    /// Creates a result.
    public init(
        step: StepInfo, outcome: StepOutcome, started: Duration, duration: Duration, latencies: [LatencyMeasure: Duration] = [:]
    ) {
        self.step = step
        self.outcome = outcome
        self.started = started
        self.duration = duration
        self.latencies = latencies
    }
}
