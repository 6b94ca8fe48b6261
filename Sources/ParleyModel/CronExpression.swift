import Foundation

/// A five-field cron schedule (minute, hour, day of month, month, day of week), read in UTC:
/// `*`, lists (`1,15`), ranges (`9-17`), steps (`*/5`, `0-30/10`, `5/15`), names (`MON-FRI`,
/// `JAN`), and the shorthands `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`.
///
/// As in Vixie cron, when both the day of month and the day of week are restricted (neither
/// starts with `*`), a day matches when either does: `0 9 1 * MON` is the 1st and every Monday.
/// A schedule that can never fire (`0 0 31 2 *`) is refused, so ``next(after:)`` always answers.
///
/// ```swift
/// let cron = try CronExpression("*/5 * * * *")
/// let slot = cron.next(after: Date())   // the next multiple of five minutes, UTC
/// ```
public struct CronExpression: Hashable, Sendable, CustomStringConvertible {
    /// The expression as written.
    public let text: String
    /// Allowed minutes (0–59), hours (0–23), days of month (1–31), months (1–12), days of week (0–6, Sunday 0).
    public let minutes: Set<Int>
    public let hours: Set<Int>
    public let daysOfMonth: Set<Int>
    public let months: Set<Int>
    public let daysOfWeek: Set<Int>
    /// Whether the day fields were written other than starting with `*` (they then combine with "or").
    let restrictsDayOfMonth: Bool
    let restrictsDayOfWeek: Bool

    /// Reads `text`; a problem names its offset in `text`, so a file's reader can point at it.
    public init(_ text: String) throws(Problem) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lead = text.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
        let source: String
        let sourceOffset: Int
        if trimmed.hasPrefix("@") {
            guard let expansion = Self.shorthands[trimmed.lowercased()] else {
                throw Problem(
                    "unknown cron shorthand '\(trimmed)' (expected one of \(Self.shorthandNames.joined(separator: ", ")))", at: lead)
            }
            (source, sourceOffset) = (expansion, -1)
        } else {
            (source, sourceOffset) = (text, 0)
        }
        // A shorthand's fields are ours, so a problem in them cannot happen; offsets point at the `@`.
        func offset(_ value: Int) -> Int { sourceOffset < 0 ? lead : value }
        let fields = Self.fields(of: source)
        guard fields.count == 5 else {
            let problem = fields.count == 6
                ? "expected 5 cron fields (minute hour day-of-month month day-of-week); got 6 (a seconds field is not supported)"
                : "expected 5 cron fields (minute hour day-of-month month day-of-week); got \(fields.count)"
            throw Problem(problem, at: offset(fields.count > 5 ? fields[5].offset : lead))
        }
        var sets: [Set<Int>] = []
        for (index, field) in fields.enumerated() {
            do throws(Problem) {
                sets.append(try Self.values(of: field.text, kind: Field.allCases[index]))
            } catch {
                throw Problem(error.message, at: offset(field.offset + error.offset))
            }
        }
        minutes = sets[0]
        hours = sets[1]
        daysOfMonth = sets[2]
        months = sets[3]
        // 7 is Sunday too.
        daysOfWeek = Set(sets[4].map { $0 % 7 })
        restrictsDayOfMonth = !fields[2].text.hasPrefix("*")
        restrictsDayOfWeek = !fields[4].text.hasPrefix("*")
        if !(restrictsDayOfWeek && restrictsDayOfMonth) && restrictsDayOfMonth {
            // Only the day of month decides: some chosen month must have some chosen day.
            let reachable = months.contains { month in daysOfMonth.contains { $0 <= Self.longestMonth[month - 1] } }
            if !reachable { throw Problem("this schedule never fires: no chosen month has any of the chosen days", at: offset(fields[2].offset)) }
        }
    }

    /// The expression as written.
    public var description: String { text }

    /// The first minute strictly after `date` that the schedule selects, in UTC.
    public func next(after date: Date) -> Date {
        // Whole minutes since the epoch, the one after `date`.
        var minute = Int((date.timeIntervalSince1970 / 60).rounded(.down)) + 1
        // A schedule that fires at all fires within 8 years (Feb 29 on a chosen weekday is the
        // rarest); each turn of the loop skips a month, a day, an hour or a minute, so this ends fast.
        let limit = minute + 8 * 366 * 24 * 60
        while minute < limit {
            let day = minute.floorDivided(by: 1440)
            let (year, month, dayOfMonth) = Self.civil(fromDays: day)
            if !months.contains(month) {
                let (nextYear, nextMonth) = month == 12 ? (year + 1, 1) : (year, month + 1)
                minute = Self.days(year: nextYear, month: nextMonth, day: 1) * 1440
                continue
            }
            if !matchesDay(dayOfMonth: dayOfMonth, dayOfWeek: (day + 4).floorModulo(7)) {
                minute = (day + 1) * 1440
                continue
            }
            let minuteOfDay = minute - day * 1440
            if !hours.contains(minuteOfDay / 60) {
                minute = day * 1440 + (minuteOfDay / 60 + 1) * 60
                continue
            }
            if !minutes.contains(minuteOfDay % 60) {
                minute += 1
                continue
            }
            return Date(timeIntervalSince1970: Double(minute) * 60)
        }
        // Unreachable for an expression `init` accepted.
        return .distantFuture
    }

    /// A problem in a cron expression: what, and at which offset (in Unicode scalars) of its text.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// Where in the expression's text, 0-based, in Unicode scalars.
        public var offset: Int

        /// A problem at `offset`.
        public init(_ message: String, at offset: Int) {
            self.message = message
            self.offset = offset
        }

        /// The message.
        public var description: String { message }
    }

    // MARK: - Reading

    enum Field: CaseIterable {
        case minute, hour, dayOfMonth, month, dayOfWeek

        var range: ClosedRange<Int> {
            switch self {
            case .minute: 0...59
            case .hour: 0...23
            case .dayOfMonth: 1...31
            case .month: 1...12
            case .dayOfWeek: 0...7
            }
        }

        var name: String {
            switch self {
            case .minute: "minute"
            case .hour: "hour"
            case .dayOfMonth: "day of month"
            case .month: "month"
            case .dayOfWeek: "day of week"
            }
        }

        var names: [String] {
            switch self {
            case .month: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
            case .dayOfWeek: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
            case .minute, .hour, .dayOfMonth: []
            }
        }

        /// The value a name stands for: months from 1, days of week from 0 (Sunday).
        func value(named text: String) -> Int? {
            names.firstIndex(of: text.uppercased()).map { self == .month ? $0 + 1 : $0 }
        }
    }

    static let shorthands: [String: String] = [
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
        "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
    ]
    static let shorthandNames = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]

    /// The longest each month gets (February in a leap year).
    static let longestMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// The blank-separated words of `text`, each with its offset in scalars.
    static func fields(of text: String) -> [(text: String, offset: Int)] {
        var fields: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == " " || scalar == "\t" {
                if !current.isEmpty { fields.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { fields.append((current, start)) }
        return fields
    }

    /// The values one field selects; a problem's offset is within the field.
    static func values(of text: String, kind: Field) throws(Problem) -> Set<Int> {
        var result = Set<Int>()
        var offset = 0
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !item.isEmpty else { throw Problem("empty item in the \(kind.name) field (two commas, or one at an end)", at: offset) }
            result.formUnion(try values(ofItem: item, kind: kind, at: offset))
            offset += item.unicodeScalars.count + 1
        }
        return result
    }

    /// One item of a list: `*`, `a`, `a-b`, each with an optional `/step`.
    private static func values(ofItem item: String, kind: Field, at offset: Int) throws(Problem) -> Set<Int> {
        let parts = item.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let base = parts[0]
        var step = 1
        if parts.count == 2 {
            let stepOffset = offset + base.unicodeScalars.count + 1
            guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(parts[1]) else {
                throw Problem("expected a step (a whole number) after '/' in the \(kind.name) field; got '\(parts[1])'", at: stepOffset)
            }
            guard value >= 1, value <= kind.range.upperBound else {
                throw Problem("a step in the \(kind.name) field must be from 1 to \(kind.range.upperBound); got \(value)", at: stepOffset)
            }
            step = value
        }
        let range: ClosedRange<Int>
        if base == "*" {
            range = kind == .dayOfWeek ? 0...6 : kind.range
        } else if let dash = base.firstIndex(of: "-") {
            let low = try value(String(base[..<dash]), kind: kind, at: offset)
            let highText = String(base[base.index(after: dash)...])
            let highOffset = offset + base[..<dash].unicodeScalars.count + 1
            let high = try value(highText, kind: kind, at: highOffset)
            guard low <= high else {
                throw Problem("the range \(base) in the \(kind.name) field runs backwards; write the smaller value first", at: offset)
            }
            range = low...high
        } else {
            let single = try value(base, kind: kind, at: offset)
            // `5/15` is 5, 20, 35, 50: from the value to the end of the field.
            range = parts.count == 2 ? single...(kind == .dayOfWeek ? 6 : kind.range.upperBound) : single...single
        }
        return Set(stride(from: range.lowerBound, through: range.upperBound, by: step))
    }

    /// A number or a name within the field's range.
    private static func value(_ text: String, kind: Field, at offset: Int) throws(Problem) -> Int {
        if let number = Int(text), text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard kind.range.contains(number) else {
                throw Problem(
                    "\(number) is out of range for the \(kind.name) field (\(kind.range.lowerBound)–\(kind.range.upperBound))", at: offset)
            }
            return number
        }
        if let named = kind.value(named: text) { return named }
        let expected = kind.names.isEmpty
            ? "a number from \(kind.range.lowerBound) to \(kind.range.upperBound)"
            : "a number from \(kind.range.lowerBound) to \(kind.range.upperBound) or \(kind.names.first!)–\(kind.names.last!)"
        throw Problem("expected \(expected) in the \(kind.name) field; got '\(text)'", at: offset)
    }

    // MARK: - Calendar (proleptic Gregorian, UTC)

    private func matchesDay(dayOfMonth: Int, dayOfWeek: Int) -> Bool {
        let byMonth = daysOfMonth.contains(dayOfMonth)
        let byWeek = daysOfWeek.contains(dayOfWeek)
        if restrictsDayOfMonth && restrictsDayOfWeek { return byMonth || byWeek }
        return byMonth && byWeek
    }

    /// Year, month and day of the day `days` after 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to the given date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Int {
    /// Division rounding toward negative infinity, so dates before 1970 land on the right day.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}
