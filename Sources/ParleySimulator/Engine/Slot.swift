import Foundation

/// A day of the week, as scheduler availability names it.
enum Weekday: String, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The day of a Gregorian date.
    init?(year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day
        else { return nil }
        // Calendar counts Sunday as 1.
        let index = (calendar.component(.weekday, from: date) + 5) % 7
        self = Weekday.allCases[index]
    }
}

/// `"09:00-12:00"`: minutes since midnight, start included, end excluded.
struct TimeWindow {
    let start: Int
    let end: Int

    init?(_ text: String) {
        let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start < end else { return nil }
        self.start = start
        self.end = end
    }

    /// `"9:30"` or `"09:30"` as minutes since midnight.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...24).contains(hour), (0..<60).contains(minute), hour * 60 + minute <= 24 * 60
        else { return nil }
        return hour * 60 + minute
    }
}

/// A picked slot: `tuesday 10:30`, or ISO 8601 `2026-11-24T10:30` (seconds and zone ignored).
struct Slot {
    let day: Weekday
    let minutes: Int
    /// The date, when the slot gave one.
    let date: String?

    /// `HH:MM`.
    var time: String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(separator: " ")
        if words.count == 2, let day = Weekday(rawValue: words[0].lowercased()), let minutes = TimeWindow.minutes(String(words[1])) {
            self.day = day
            self.minutes = minutes
            self.date = nil
            return
        }
        let halves = trimmed.split(separator: "T", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let ymd = halves[0].split(separator: "-").compactMap { Int($0) }
        let clock = halves[1].prefix(5)
        guard ymd.count == 3, let day = Weekday(year: ymd[0], month: ymd[1], day: ymd[2]),
            let minutes = TimeWindow.minutes(String(clock))
        else { return nil }
        self.day = day
        self.minutes = minutes
        self.date = String(halves[0])
    }
}
