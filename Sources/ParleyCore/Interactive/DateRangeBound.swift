import Foundation

/// One end of a scheduler's `dateRangeStart` / `dateRangeEnd`: an ISO date (`2026-11-01`, the
/// whole day) or date-time (`2026-11-01T09:00`, seconds optional). A date-time with a zone
/// (`Z`, `+01:00`) is that instant; without one it is read in the scheduler's time zone.
public struct DateRangeBound: Hashable, Sendable, CustomStringConvertible {
    /// The date.
    public let date: LocalDate
    /// The time in minutes since midnight, or nil for a whole date.
    public let minutes: Int?
    /// Seconds east of UTC when the text named a zone.
    let offset: ZoneOffset?
    /// The bound as written.
    public let text: String

    /// Reads a bound, or nil when the text is neither an ISO date nor date-time.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self.text = trimmed
        let halves = trimmed.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let date = LocalDate(iso: halves[0]) else { return nil }
        self.date = date
        guard halves.count == 2 else {
            minutes = nil
            offset = nil
            return
        }
        let clock = halves[1]
        guard clock.count >= 5, clock.prefix(5).contains(":"), let minutes = TimeWindow.minutes(String(clock.prefix(5))),
            minutes < 24 * 60
        else { return nil }
        self.minutes = minutes
        var rest = clock.dropFirst(5)
        if rest.first == ":" {
            guard rest.dropFirst().prefix(while: \.isASCIIDigit).count == 2 else { return nil }
            rest = rest.dropFirst(3)
            if rest.first == "." {
                let fraction = rest.dropFirst().prefix(while: \.isASCIIDigit)
                guard !fraction.isEmpty else { return nil }
                rest = rest.dropFirst(1 + fraction.count)
            }
        }
        if rest.isEmpty {
            offset = nil
        } else if let zone = ZoneOffset(rest) {
            offset = zone
        } else {
            return nil
        }
    }

    /// As written.
    public var description: String { text }

    /// The first instant the bound allows, as a start: the date's midnight, or the date-time.
    func earliest(in zone: TimeZone) -> Date {
        instant(date, minutes ?? 0, in: zone)
    }

    /// The last instant the bound allows, as an end: the date's last moment, or the date-time itself.
    /// Returned as an exclusive limit for a whole date (the next midnight) and inclusive otherwise.
    func latest(in zone: TimeZone) -> (limit: Date, inclusive: Bool) {
        guard let minutes else { return (instant(date.adding(days: 1), 0, in: zone), false) }
        return (instant(date, minutes, in: zone), true)
    }

    private func instant(_ date: LocalDate, _ minutes: Int, in zone: TimeZone) -> Date {
        guard let offset else { return ZonedClock(zone).instant(date, minutes: minutes) }
        return Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch * 86_400 + minutes * 60 - offset.seconds))
    }
}
