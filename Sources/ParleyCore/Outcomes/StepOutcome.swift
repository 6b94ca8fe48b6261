import ParleyModel

/// How one step went (STYLE 10: outcomes are values).
public enum StepOutcome: Hashable, Sendable {
    case passed
    case failed(StepFailure)
    /// Not run: an earlier step failed, a branch was not taken, or the run stopped.
    case skipped
    /// Passed, but only on a later attempt of a `retry` (the attempt that passed, from 1).
    case flaky(attempts: Int)

    /// Whether the step counts as a pass (flaky included).
    public var isPass: Bool {
        switch self {
        case .passed, .flaky: return true
        case .failed, .skipped: return false
        }
    }
}

/// Why a step failed, where, and after how long.
public struct StepFailure: Error, Hashable, Sendable {
    /// What was expected and what came: `expected reply containing "shipped" within 5s; got …`.
    public var message: String
    /// The kind of failure, matched against `retry: { on: [...] }`.
    public var cause: RetryCause
    /// The failing step's location in its flow file.
    public var location: SourceLocation
    /// How long the step waited before giving up.
    public var waited: Duration

    /// Creates a failure.
    public init(message: String, cause: RetryCause, location: SourceLocation, waited: Duration = .zero) {
        self.message = message
        self.cause = cause
        self.location = location
        self.waited = waited
    }

    /// `Flows/01.flow.yaml:14:5: expected …`.
    public var rendered: String { "\(location): \(message)" }
}
