/// How one run of a check ended.
public enum CheckOutcome: String, Hashable, Sendable, CaseIterable {
    /// Every flow of the check passed (flaky included).
    case passed
    /// A flow failed: the agent did not do what the flow asserts.
    case failed
    /// The check could not run: its flows or parley.yaml are invalid, or nothing matched.
    case error
    /// The check ran past its `timeout:` and was stopped.
    case timedOut = "timed_out"
    /// The monitor stopped (SIGTERM, Ctrl-C, a crash) while the check was running.
    case interrupted

    /// Whether the check counts as up.
    public var isUp: Bool {
        switch self {
        case .passed: return true
        case .failed, .error, .timedOut, .interrupted: return false
        }
    }

    /// Whether the run says something about the agent: an interrupted run says nothing, so it
    /// neither counts toward an alert nor resets the failures before it.
    public var counts: Bool {
        switch self {
        case .passed, .failed, .error, .timedOut: return true
        case .interrupted: return false
        }
    }
}
