import ParleyModel

/// One block of steps being run: the flow itself, or the body of an `if`, `repeat`, `include` or `retry`.
struct Frame: Sendable {
    var steps: [Step]
    var index = 0
    /// The block step that opened this frame; nil for the flow's own steps.
    var owner: Owner?
    /// Whether a step inside passed only on a retry, so the owner is flaky too.
    var sawFlaky = false

    var depth: Int { owner.map { $0.info.depth + 1 } ?? 0 }

    /// A block step in progress.
    struct Owner: Sendable {
        var info: StepInfo
        var started: Duration
        var role: Role
    }

    /// What happens when the block's steps run out.
    enum Role: Sendable {
        /// `if`/`then`/`else` and `include`: done once.
        case once
        /// `repeat`: round `round` (from 1) of `loop`.
        case loop(Loop, round: Int)
        /// `retry`: attempt `attempt` (from 1).
        case retry(Retry, attempt: Int)
    }
}
