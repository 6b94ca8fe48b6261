/// `capture:` — one variable taken from what the agent sent in the current turn.
public struct Capture: Hashable, Sendable {
    /// The variable to set.
    public var name: String
    /// The latest event of this kind in the current turn that yields a value is the source.
    public var source: EventKind
    /// How to pick the value out of it.
    public var extraction: Extraction
    /// How long to wait for the event; nil means the flow's, then the project's, default.
    public var within: Duration?
    /// Where it was written.
    public var location: SourceLocation

    /// Creates a capture.
    public init(name: String, source: EventKind, extraction: Extraction, within: Duration? = nil, location: SourceLocation) {
        self.name = name
        self.source = source
        self.extraction = extraction
        self.within = within
        self.location = location
    }

    /// How a capture picks its value.
    public enum Extraction: Hashable, Sendable {
        /// The event's primary field, whole.
        case whole
        /// A regular expression over the primary field (it may use `${…}`); the numbered group (0 is the whole match).
        case regex(Template, group: Int)
        /// A JSON path into the event (`$.args.order_id`).
        case jsonPath(String)
    }
}

/// A condition for `if:` and `repeat: { until: … }`.
public indirect enum Condition: Hashable, Sendable {
    /// `{ var: name, is: <matcher> }`: a variable's value satisfies a matcher.
    case variable(Located<String>, Matcher)
    /// `{ received: <event pattern> }`: an event of the current turn matches (waits for the turn to decide).
    case received(EventPattern)
    /// `{ all: [conditions] }`.
    case all([Condition])
    /// `{ any: [conditions] }`.
    case any([Condition])
    /// `{ not: condition }`.
    case not(Condition)
}

/// `if:` / `then:` / `else:`.
public struct Conditional: Hashable, Sendable {
    /// The condition.
    public var condition: Condition
    /// Steps run when it holds.
    public var then: [Step]
    /// Steps run otherwise.
    public var otherwise: [Step]

    /// Creates a conditional.
    public init(condition: Condition, then: [Step], otherwise: [Step]) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }
}

/// `repeat:` — a block run a fixed number of times, or until a condition holds.
public struct Loop: Hashable, Sendable {
    /// How the loop ends.
    public var bound: Bound
    /// The block.
    public var steps: [Step]

    /// Creates a loop.
    public init(bound: Bound, steps: [Step]) {
        self.bound = bound
        self.steps = steps
    }

    /// How a loop ends.
    public enum Bound: Hashable, Sendable {
        /// Exactly this many times.
        case times(Int)
        /// Until the condition holds after a pass, at most `max` passes (then the step fails).
        case until(Condition, max: Int)
    }
}

/// `include:` — another flow file's steps, with its `vars` overridden by `with:`.
public struct Include: Hashable, Sendable {
    /// The path as written, relative to the including file.
    public var path: String
    /// The path resolved against the including file.
    public var resolvedPath: String
    /// `with:` parameters.
    public var parameters: [Assignment]
    /// The included flow's own defaults for its variables.
    public var defaults: [Assignment]
    /// The included steps.
    public var steps: [Step]

    /// Creates an include.
    public init(path: String, resolvedPath: String, parameters: [Assignment], defaults: [Assignment], steps: [Step]) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.parameters = parameters
        self.defaults = defaults
        self.steps = steps
    }
}

/// `retry:` — run a block again when it fails for one of the named reasons.
public struct Retry: Hashable, Sendable {
    /// Attempts in all, the first included.
    public var attempts: Int
    /// The failures that trigger another attempt.
    public var on: [RetryCause]
    /// Pause between attempts.
    public var delay: Duration?
    /// The block.
    public var steps: [Step]

    /// Creates a retry.
    public init(attempts: Int, on: [RetryCause], delay: Duration? = nil, steps: [Step]) {
        self.attempts = attempts
        self.on = on
        self.delay = delay
        self.steps = steps
    }
}

/// Why a block may be retried.
public enum RetryCause: String, Hashable, Sendable, CaseIterable {
    /// An expectation ran out of time.
    case timeout
    /// The connection to the agent failed.
    case transport
    /// An expectation failed because something else arrived.
    case mismatch
}
