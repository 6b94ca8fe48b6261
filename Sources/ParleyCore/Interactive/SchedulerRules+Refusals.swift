/// The words of a refused slot. Each names the scheduler and what it does allow.
extension SchedulerRules {
    var notASlot: String {
        #"not a slot; write it like "tuesday 10:30" or "2026-11-24T10:30""#
    }

    func noAvailability(on day: Weekday) -> String {
        let offered = days.filter { !(availability[$0] ?? []).isEmpty }.map(\.rawValue)
        return "\"\(schedulerID)\" has no availability on \(day.rawValue); "
            + (offered.isEmpty ? "it offers no days" : "available days: \(offered.joined(separator: ", "))")
    }

    func outside(_ windows: [TimeWindow], on day: Weekday) -> String {
        let list = windows.map(\.description).joined(separator: ", ")
        return "not inside \"\(schedulerID)\"'s availability on \(day.rawValue) (\(list))\(meeting)"
    }

    func outsideRange(_ slot: Slot) -> String {
        "\(slot.date ?? slot.day.rawValue) is outside \"\(schedulerID)\"'s date range (\(range))"
    }

    func noDayInRange(_ slot: Slot) -> String {
        "\"\(schedulerID)\"'s date range (\(range)) has no \(slot.day.rawValue) at \(slot.time)"
    }

    /// ` for a 30-minute meeting with 5 minutes' buffer`.
    var meeting: String {
        let buffer =
            switch bufferTime {
            case 0: "no buffer"
            case 1: "1 minute's buffer"
            default: "\(bufferTime) minutes' buffer"
            }
        if duration > 0 { return " for a \(duration)-minute meeting with \(buffer)" }
        return bufferTime > 0 ? " with \(buffer) after a meeting" : ""
    }

    /// `2026-11-01 to 2026-11-30`, `from 2026-11-01`, `until 2026-11-30`.
    var range: String {
        switch (dateRangeStart, dateRangeEnd) {
        case (let start?, let end?): "\(start) to \(end)"
        case (let start?, nil): "from \(start)"
        case (nil, let end?): "until \(end)"
        case (nil, nil): "any date"
        }
    }
}
