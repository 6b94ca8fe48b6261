import ParleyModel

/// The events since the last user action, each with its time since that action: what `expect` looks at.
/// What reads ask of the whole turn on every event (has it ended, is a run open, the latencies,
/// the last failed run or handoff outcome) is kept up to date as events arrive, never scanned for.
public struct Turn: Hashable, Sendable {
    /// One event and when it arrived, measured from the user action that opened the turn.
    public struct Entry: Hashable, Sendable {
        public var event: AgentEvent
        public var offset: Duration

        public init(_ event: AgentEvent, at offset: Duration) {
            self.event = event
            self.offset = offset
        }
    }

    /// The events, in arrival order.
    public private(set) var entries: [Entry] = []
    /// Whether the connector said the agent is done with this turn.
    public private(set) var hasEnded = false
    /// Runs started and not yet finished or failed.
    private(set) var openRuns = 0
    /// The position of the last `run_error`.
    private(set) var lastRunError: Int?
    /// The position of the last handoff that reached an outcome (joined, failed, timed out, client handoff required).
    private(set) var lastHandoffOutcome: Int?
    /// When each latency measure was first reached.
    private var reached: [LatencyMeasure: Duration] = [:]

    /// An empty turn.
    public init() {}

    /// Records an event.
    public mutating func append(_ event: AgentEvent, at offset: Duration) {
        let position = entries.count
        entries.append(Entry(event, at: offset))
        if event == .turnEnded { hasEnded = true }
        if case .runStarted = event { openRuns += 1 }
        if case .runFinished = event { openRuns = max(0, openRuns - 1) }
        if case .runError = event {
            openRuns = max(0, openRuns - 1)
            lastRunError = position
        }
        if case .handoff(let handoff) = event, HandoffStage.outcomes.contains(handoff.stage) { lastHandoffOutcome = position }
        for measure in LatencyMeasure.allCases where reached[measure] == nil && Self.reaches(measure, event) {
            reached[measure] = offset
        }
    }

    /// The time a latency measure reached, if it has.
    public func latency(_ measure: LatencyMeasure) -> Duration? {
        reached[measure]
    }

    private static func reaches(_ measure: LatencyMeasure, _ event: AgentEvent) -> Bool {
        switch (measure, event) {
        case (.firstToken, .textDelta), (.firstToken, .reply), (.replyComplete, .reply), (.runFinished, .runFinished): return true
        default: return false
        }
    }
}

extension Turn {
    /// A turn holding these entries (a tail of another turn, for messages).
    init(entries: [Entry]) {
        self.init()
        for entry in entries { append(entry.event, at: entry.offset) }
    }
}
