import ParleyModel

/// Checks a `schedule` slot against the scheduler's rules (`SchedulerRules`): the slot must read
/// as a slot, fit a window of its day with the meeting's `duration` and `bufferTime`, and lie in
/// the scheduler's date range.
struct SlotCheck {
    let scheduler: InteractiveMessage

    func check(_ slot: String) throws {
        if case .failure(let refusal) = SchedulerRules(scheduler).check(slot) { throw ActionFailure(refusal.message) }
    }
}
