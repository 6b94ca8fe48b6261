/// A pattern naming one kind of event and, optionally, what its fields must hold.
public struct EventPattern: Hashable, Sendable {
    /// The event kind.
    public var kind: EventKind
    /// An object matcher over the event's fields; nil matches any event of the kind.
    public var matcher: Matcher?
    /// Where the pattern was written.
    public var location: SourceLocation

    /// Creates a pattern.
    public init(kind: EventKind, matcher: Matcher?, location: SourceLocation) {
        self.kind = kind
        self.matcher = matcher
        self.location = location
    }
}

/// `expect:` — an event of the current turn must match, within a time.
public struct Expectation: Hashable, Sendable {
    /// What must arrive.
    public var pattern: EventPattern
    /// How long to wait; nil means the flow's, then the project's, default.
    public var within: Duration?
    /// Latency checks measured from the user action that opened the turn.
    public var latency: [LatencyCheck]
    /// `count:` how many matching events the turn must hold (a number matcher); nil means at least one.
    public var count: Matcher?
    /// Where the expectation was written.
    public var location: SourceLocation

    /// Creates an expectation.
    public init(
        pattern: EventPattern, within: Duration? = nil, latency: [LatencyCheck] = [], count: Matcher? = nil, location: SourceLocation
    ) {
        self.pattern = pattern
        self.within = within
        self.latency = latency
        self.count = count
        self.location = location
    }
}

/// One latency assertion, such as `first_token: { lt: 2s }`.
public struct LatencyCheck: Hashable, Sendable {
    /// What is measured.
    public var measure: LatencyMeasure
    /// The bound, a matcher over a duration.
    public var matcher: Matcher

    /// Creates a check.
    public init(measure: LatencyMeasure, matcher: Matcher) {
        self.measure = measure
        self.matcher = matcher
    }
}

/// The moments a latency is measured to, from the user action.
public enum LatencyMeasure: String, Hashable, Sendable, CaseIterable {
    case firstToken = "first_token"
    case replyComplete = "reply_complete"
    case runFinished = "run_finished"

    /// The moment measured to, for editors and `parley schema`.
    public var summary: String {
        switch self {
        case .firstToken: return "From the user action to the first text of the reply (its first chunk, or the whole reply)."
        case .replyComplete: return "From the user action to the complete reply."
        case .runFinished: return "From the user action to the end of the agent's run."
        }
    }
}

/// `expect_no:` — nothing in the turn matches, checked when the turn ends or after a window.
public struct Absence: Hashable, Sendable {
    /// What must not arrive.
    public var pattern: EventPattern
    /// A fixed window to watch instead of waiting for the turn to end.
    public var window: Duration?
    /// Where it was written.
    public var location: SourceLocation

    /// Creates an absence check.
    public init(pattern: EventPattern, window: Duration? = nil, location: SourceLocation) {
        self.pattern = pattern
        self.window = window
        self.location = location
    }
}

/// `expect_sequence:` — events matching these patterns arrive in this order.
public struct EventSequence: Hashable, Sendable {
    /// The patterns, in the order the events must arrive.
    public var patterns: [EventPattern]
    /// How long to wait for the last of them.
    public var within: Duration?
    /// Where it was written.
    public var location: SourceLocation

    /// Creates a sequence check.
    public init(patterns: [EventPattern], within: Duration? = nil, location: SourceLocation) {
        self.patterns = patterns
        self.within = within
        self.location = location
    }
}
