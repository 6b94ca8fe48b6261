import ParleyModel

/// Reading the scheduler's keys out of its interactive data.
extension SchedulerRules {
    /// Days in the order written and their valid windows; unknown days and windows that do not
    /// read are left out (the simulator's script reader reports them).
    static func availability(_ value: JSONValue?) -> ([Weekday], [Weekday: [TimeWindow]]) {
        guard case .object(let members)? = value else { return ([], [:]) }
        var days: [Weekday] = []
        var windows: [Weekday: [TimeWindow]] = [:]
        for member in members {
            guard let day = Weekday(named: member.key) else { continue }
            if !days.contains(day) { days.append(day) }
            let written: [JSONValue]
            if case .array(let items) = member.value { written = items } else { written = [member.value] }
            windows[day, default: []] += written.compactMap(TimeWindow.init)
        }
        return (days, windows)
    }

    /// A whole, non-negative number of minutes, written as a number or as digits.
    static func wholeMinutes(_ value: JSONValue?) -> Int? {
        switch value {
        case .number(let number)? where number >= 0 && number < 1e6: return Int(number)
        case .string(let text)?: return Int(text).flatMap { $0 >= 0 ? $0 : nil }
        case .null?, .bool?, .number?, .array?, .object?, nil: return nil
        }
    }

    static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value, !text.isEmpty { return text }
        return nil
    }
}
