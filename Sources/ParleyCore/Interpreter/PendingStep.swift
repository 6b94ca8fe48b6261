import ParleyModel

/// A step that is waiting: on an event, a deadline, or the session.
struct PendingStep: Sendable {
    var step: Step
    var info: StepInfo
    var started: Duration
    var wait: Wait
    /// What the step's reads have judged of the turn so far.
    var progress = ReadProgress()
    /// Whether the templates the step matches against were found renderable. Variables do not
    /// change while a step waits (only `set`, `include` and a settled capture set them), so this is
    /// looked at once, at the first judgement, not again for every event.
    var templatesChecked = false

    enum Wait: Sendable {
        /// `expect`: until an event of the turn matches, or `deadline`.
        case expectation(Expectation, deadline: Duration, within: Duration)
        /// `expect_no`: fails on a match; passes at `deadline`, or at the turn's end when not windowed.
        case absence(Absence, deadline: Duration, windowed: Bool)
        /// `expect_sequence`: until every pattern matched in order, or `deadline`.
        case sequence(EventSequence, deadline: Duration, within: Duration)
        /// `capture`: until every capture found its value in the current turn; each waits its own `within`.
        case capture([Capture])
        /// `if`, or `repeat … until`: until the condition is decided (a `received` waits for the turn), or `deadline`.
        case condition(Condition, deadline: Duration, use: ConditionUse)
        /// `wait`, or a retry's delay: events keep arriving until the clock reaches `until`.
        case pause(until: Duration)
        /// An action step waits for the agent to finish its turn before it acts.
        case turnEnd(deadline: Duration, within: Duration)
        /// The action was handed to the runner; waiting for it to be performed.
        case performing(UserAction)
    }
}
