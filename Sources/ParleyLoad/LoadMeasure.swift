import ParleyModel

/// What a load measures of a flow run or a step: how long it took, and the turn's latencies.
public enum LoadMeasure: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The flow run's duration (overall and per flow), or the step's (per step).
    case duration
    case firstToken = "first_token"
    case replyComplete = "reply_complete"
    case runFinished = "run_finished"

    /// The measure a step's latency is recorded under.
    public init(_ latency: LatencyMeasure) {
        switch latency {
        case .firstToken: self = .firstToken
        case .replyComplete: self = .replyComplete
        case .runFinished: self = .runFinished
        }
    }

    /// The words the summary table uses.
    public var label: String {
        switch self {
        case .duration: return "duration"
        case .firstToken: return "first token"
        case .replyComplete: return "reply"
        case .runFinished: return "agent run"
        }
    }

    public static func < (lhs: LoadMeasure, rhs: LoadMeasure) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
