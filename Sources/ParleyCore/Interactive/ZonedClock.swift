import Foundation

/// Wall-clock dates and times in one time zone, to and from instants. `TimeZone` supplies the
/// offsets; the calendar arithmetic is `LocalDate`'s.
struct ZonedClock {
    let zone: TimeZone

    init(_ zone: TimeZone) {
        self.zone = zone
    }

    /// The instant a wall-clock time names (in a daylight-saving gap or overlap, one of the two offsets applies).
    func instant(_ date: LocalDate, minutes: Int) -> Date {
        let wall = TimeInterval(date.daysSinceEpoch * 86_400 + minutes * 60)
        let first = TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        let guess = wall - first
        let second = TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        return Date(timeIntervalSince1970: second == first ? guess : wall - second)
    }

    /// The wall-clock date an instant falls on.
    func date(of instant: Date) -> LocalDate {
        let wall = instant.timeIntervalSince1970 + TimeInterval(zone.secondsFromGMT(for: instant))
        return LocalDate(daysSinceEpoch: Int((wall / 86_400).rounded(.down)))
    }

    /// `2026-11-24T10:30:00Z`: an instant in UTC, to the second.
    static func utcText(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let time = seconds - days * 86_400
        let date = LocalDate(daysSinceEpoch: days)
        return "\(date)T\(TimeWindow.clock(time / 60)):\(LocalDate.padded(time % 60, 2))Z"
    }
}
