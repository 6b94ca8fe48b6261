import Foundation

/// A slot a `schedule` step picks, in the scheduler's time zone: a weekday and a time
/// (`tuesday 10:30`, any case, `9:30` allowed), or an ISO 8601 date and time (`2026-11-24T10:30`;
/// seconds, fractions and a zone suffix are ignored: the time is read as the scheduler's).
public struct Slot: Hashable, Sendable {
    /// The day of the week.
    public let day: Weekday
    /// The start, in minutes since midnight.
    public let minutes: Int
    /// The date, when the slot gave one.
    public let localDate: LocalDate?

    /// Reads a slot, or nil when the text is neither form.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(separator: " ")
        if words.count == 2, let day = Weekday(named: String(words[0])) {
            guard let minutes = Self.startMinutes(String(words[1])) else { return nil }
            self.day = day
            self.minutes = minutes
            self.localDate = nil
            return
        }
        let halves = trimmed.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso: halves[0]) else { return nil }
        // `HH:mm`, then optionally `:ss`, a fraction and a zone, none of which count.
        let clock = halves[1]
        guard clock.count >= 5, let minutes = Self.startMinutes(String(clock.prefix(5))), Self.isIgnorableTail(clock.dropFirst(5)) else {
            return nil
        }
        self.day = date.weekday
        self.minutes = minutes
        self.localDate = date
    }

    /// The date as `YYYY-MM-DD`, when the slot gave one.
    public var date: String? { localDate?.description }

    /// The start as `HH:mm`.
    public var time: String { TimeWindow.clock(minutes) }

    /// `tuesday 10:30`, or `2026-11-24T10:30` for a dated slot.
    public var text: String { localDate.map { "\($0)T\(time)" } ?? "\(day.rawValue) \(time)" }

    private static func startMinutes(_ text: String) -> Int? {
        guard let minutes = TimeWindow.minutes(text), text.contains(":"), minutes < 24 * 60 else { return nil }
        return minutes
    }

    /// `:ss`, `:ss.fff`, `Z`, `+01:00`, `-0500`, in that order, each optional.
    private static func isIgnorableTail(_ tail: Substring) -> Bool {
        var rest = tail
        if rest.first == ":" {
            let seconds = rest.dropFirst().prefix(while: \.isASCIIDigit)
            guard seconds.count == 2 else { return false }
            rest = rest.dropFirst(3)
            if rest.first == "." {
                let fraction = rest.dropFirst().prefix(while: \.isASCIIDigit)
                guard !fraction.isEmpty else { return false }
                rest = rest.dropFirst(1 + fraction.count)
            }
        }
        return rest.isEmpty || rest == "Z" || ZoneOffset(rest) != nil
    }
}
