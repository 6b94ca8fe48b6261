import Foundation

/// A cron schedule: five fields (minute, hour, day of month, month, day of week) read as cron
/// reads them, in UTC, or one of `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`.
///
/// Each field is `*`, a number, a range `a-b`, a step `*/n` or `a-b/n`, or a list of those;
/// months and weekdays also take names (`JAN`, `MON`), and a weekday of 7 is Sunday. As in cron,
/// when both the day of month and the day of week are restricted, a day matching either runs.
public struct CronExpression: Hashable, Sendable, CustomStringConvertible {
    /// The expression as written.
    public let text: String
    let minutes: Set<Int>
    let hours: Set<Int>
    let days: Set<Int>
    let months: Set<Int>
    let weekdays: Set<Int>
    let daysRestricted: Bool
    let weekdaysRestricted: Bool

    public var description: String { text }

    /// Reads `text`, or says what is wrong with it.
    public init(_ text: String) throws(CronError) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let expanded = Self.macros[trimmed.lowercased()] ?? trimmed
        if trimmed.hasPrefix("@") && Self.macros[trimmed.lowercased()] == nil {
            throw CronError("unknown schedule '\(trimmed)' (expected one of \(Self.macros.keys.sorted().joined(separator: ", ")))")
        }
        let fields = expanded.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard fields.count == 5 else {
            throw CronError("a cron expression has 5 fields (minute hour day-of-month month day-of-week), like \"*/5 * * * *\"; got \(fields.count)")
        }
        minutes = try Self.field(fields[0], "minute", 0...59, names: [:])
        hours = try Self.field(fields[1], "hour", 0...23, names: [:])
        days = try Self.field(fields[2], "day of month", 1...31, names: [:])
        months = try Self.field(fields[3], "month", 1...12, names: Self.monthNames)
        // 7 is Sunday too; read 0...7 and fold it.
        weekdays = Set(try Self.field(fields[4], "day of week", 0...7, names: Self.weekdayNames).map { $0 % 7 })
        daysRestricted = !fields[2].hasPrefix("*")
        weekdaysRestricted = !fields[4].hasPrefix("*")
    }

    /// The first time after `date` (whole minutes, UTC) the schedule runs; nil when it never does
    /// within eight years (`0 0 30 2 *`: February has no 30th).
    public func next(after date: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let minuteStart = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
        guard var time = calendar.date(byAdding: .minute, value: 1, to: minuteStart) else { return nil }
        let limit = calendar.date(byAdding: .year, value: 8, to: time) ?? time
        while time < limit {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: time)
            guard let month = parts.month, let day = parts.day, let hour = parts.hour, let minute = parts.minute, let weekday = parts.weekday
            else { return nil }
            if !months.contains(month) {
                time = calendar.date(from: DateComponents(year: parts.year, month: month + 1, day: 1)) ?? limit
            } else if !dayMatches(day: day, weekday: weekday - 1) {
                time = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: time)) ?? limit
            } else if !hours.contains(hour) {
                time = calendar.date(byAdding: .minute, value: 60 - minute, to: time) ?? limit
            } else if !minutes.contains(minute) {
                time = calendar.date(byAdding: .minute, value: 1, to: time) ?? limit
            } else {
                return time
            }
        }
        return nil
    }

    private func dayMatches(day: Int, weekday: Int) -> Bool {
        switch (daysRestricted, weekdaysRestricted) {
        case (true, true): return days.contains(day) || weekdays.contains(weekday)
        case (true, false): return days.contains(day)
        case (false, true): return weekdays.contains(weekday)
        case (false, false): return true
        }
    }

    static let macros = [
        "@hourly": "0 * * * *", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@weekly": "0 0 * * 0", "@monthly": "0 0 1 * *",
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *",
    ]
    static let monthNames = Dictionary(
        uniqueKeysWithValues: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].enumerated().map { ($1, $0 + 1) })
    static let weekdayNames = Dictionary(uniqueKeysWithValues: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].enumerated().map { ($1, $0) })

    /// One field: a list of `*`, `n`, `a-b`, each with an optional `/step`.
    static func field(_ text: String, _ name: String, _ range: ClosedRange<Int>, names: [String: Int]) throws(CronError) -> Set<Int> {
        var values = Set<Int>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let stepParts = item.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard stepParts.count <= 2, !stepParts[0].isEmpty else { throw CronError("the \(name) field '\(text)' has an empty or doubled part") }
            var step = 1
            if stepParts.count == 2 {
                guard let number = Int(stepParts[1]), number >= 1 else { throw CronError("the \(name) field's step '\(stepParts[1])' is not a whole number of at least 1") }
                step = number
            }
            let bounds: ClosedRange<Int>
            if stepParts[0] == "*" {
                bounds = range
            } else {
                let ends = stepParts[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard ends.count <= 2 else { throw CronError("the \(name) field's range '\(stepParts[0])' has more than two ends") }
                let low = try value(ends[0], name, range, names: names)
                let high = ends.count == 2 ? try value(ends[1], name, range, names: names) : (stepParts.count == 2 ? range.upperBound : low)
                guard low <= high else { throw CronError("the \(name) field's range '\(stepParts[0])' runs backwards") }
                bounds = low...high
            }
            values.formUnion(stride(from: bounds.lowerBound, through: bounds.upperBound, by: step))
        }
        return values
    }

    private static func value(_ text: String, _ name: String, _ range: ClosedRange<Int>, names: [String: Int]) throws(CronError) -> Int {
        if let number = Int(text) {
            guard range.contains(number) else { throw CronError("the \(name) \(number) is out of range (\(range.lowerBound)-\(range.upperBound))") }
            return number
        }
        if let named = names[text.lowercased()] { return named }
        let hint = names.isEmpty ? "" : " or a name like \(names.sorted { $0.value < $1.value }.prefix(2).map { $0.key.uppercased() }.joined(separator: ", "))"
        throw CronError("the \(name) '\(text)' is not a number (\(range.lowerBound)-\(range.upperBound))\(hint)")
    }
}

/// Why a cron expression could not be read.
public struct CronError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence without location.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
