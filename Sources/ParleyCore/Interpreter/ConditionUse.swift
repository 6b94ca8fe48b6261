import ParleyModel

/// What a condition decides once it can: which branch of an `if` runs, or whether a `repeat … until` goes on.
enum ConditionUse: Sendable {
    /// `if`: `then:` when it holds, `else:` otherwise.
    case branch(Conditional)
    /// `repeat … until`, before the first round: no rounds at all when it already holds.
    case loopStart(Loop)
    /// `repeat … until`, after a round (the round's block, whose owner knows the round).
    case loopRound(Frame)
}
