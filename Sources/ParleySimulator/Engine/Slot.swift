import ParleyCore

/// A slot the scheduler took, as the simulator's rules bind it: `${slot.day}`, `${slot.time}` and
/// `${slot.date}`. Reading and judging slots is Core's `SchedulerRules`; this only carries the
/// result to files that do not import ParleyCore (`Incoming`, `RuleMatcher`).
struct Slot: Hashable {
    /// The weekday, as availability names it.
    let day: Day
    /// The start, `HH:mm`.
    let time: String
    /// The date, `YYYY-MM-DD`, when the slot gave one.
    let date: String?

    /// A weekday's name (`tuesday`).
    struct Day: Hashable {
        let rawValue: String
    }

    init(_ slot: ParleyCore.Slot) {
        day = Day(rawValue: slot.day.rawValue)
        time = slot.time
        date = slot.date
    }
}
