import Foundation
import ParleyModel

/// What a CometChat scheduler message allows, read once from its `interactiveData`, so the
/// interpreter (before sending a `schedule`) and the simulator (when judging one) agree.
///
/// - `availability`: windows per weekday (day keys in any case), each written as `"09:00-12:00"`
///   or as `{"from": "0900", "to": "1200"}`.
/// - `duration` and `bufferTime` in minutes. The buffer follows the meeting: a slot fits a window
///   when it starts at or after the window's start and the meeting plus its buffer end by the
///   window's end. A scheduler with no duration still needs the slot's first minute inside.
/// - `dateRangeStart` / `dateRangeEnd`, inclusive, when present: a dated slot outside is refused.
/// - `timezoneCode`, an IANA id (UTC when missing or unknown): slots and windows are wall-clock
///   times there. (`timezone` is read when `timezoneCode` is absent.)
public struct SchedulerRules: Hashable, Sendable {
    /// The scheduler's message id, which refusals name.
    public let schedulerID: String
    /// The days with availability, in the order written.
    public let days: [Weekday]
    /// The valid windows of each day, in the order written.
    public let availability: [Weekday: [TimeWindow]]
    /// Meeting length in minutes (0 when not given).
    public let duration: Int
    /// Minutes kept free after a meeting (0 when not given).
    public let bufferTime: Int
    /// The first date (or date-time) a meeting may be on.
    public let dateRangeStart: DateRangeBound?
    /// The last date (or date-time) a meeting may be on.
    public let dateRangeEnd: DateRangeBound?
    /// The zone slots and windows are read in.
    public let timeZone: TimeZone

    /// Reads the rules of the scheduler `schedulerID` from its interactive data.
    public init(schedulerID: String, data: JSONValue) {
        self.schedulerID = schedulerID
        (days, availability) = Self.availability(data["availability"])
        duration = Self.wholeMinutes(data["duration"]) ?? 0
        bufferTime = Self.wholeMinutes(data["bufferTime"]) ?? 0
        dateRangeStart = Self.text(data["dateRangeStart"]).flatMap(DateRangeBound.init)
        dateRangeEnd = Self.text(data["dateRangeEnd"]).flatMap(DateRangeBound.init)
        let zone = Self.text(data["timezoneCode"]) ?? Self.text(data["timezone"])
        timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC") ?? .current
    }

    /// Reads the rules of a scheduler message.
    public init(_ scheduler: InteractiveMessage) {
        self.init(schedulerID: scheduler.id, data: scheduler.data)
    }

    /// Checks a slot as a `schedule` step writes it: that it reads as a slot, that its day has a
    /// window the meeting and its buffer fit in, and that a dated slot lies inside the date range
    /// (a weekday slot must have at least one such day in a range with both ends).
    public func check(_ text: String) -> Result<ResolvedSlot, SlotRefusal> {
        guard let slot = Slot(text) else { return .failure(SlotRefusal(slot: text, reason: notASlot)) }
        guard let windows = availability[slot.day], !windows.isEmpty else {
            return .failure(SlotRefusal(slot: text, reason: noAvailability(on: slot.day)))
        }
        guard let window = windows.first(where: { $0.fits(startingAt: slot.minutes, length: occupied) }) else {
            return .failure(SlotRefusal(slot: text, reason: outside(windows, on: slot.day)))
        }
        if let reason = outsideDateRange(slot) { return .failure(SlotRefusal(slot: text, reason: reason)) }
        return .success(ResolvedSlot(slot: slot, window: window))
    }

    /// The wall-clock slot in the scheduler's zone (`2026-11-24T10:30`) of a `meetStartAt` instant
    /// written in UTC (`2026-11-24T05:00:00Z` for Asia/Kolkata): the inverse of ``meetStartAt(_:now:)``,
    /// for whoever receives a booking. Nil when the text is not such an instant.
    public func slot(meetStartAt text: String) -> String? {
        let characters = Array(text)
        guard characters.count >= 17, characters.last == "Z", characters[10] == "T",
            let date = LocalDate(iso: String(characters[0..<10])), let minutes = TimeWindow.minutes(String(characters[11..<16]))
        else { return nil }
        let seconds = characters.count >= 20 && characters[16] == ":" ? Int(String(characters[17..<19])) ?? 0 : 0
        let instant = Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch * 86_400 + minutes * 60 + seconds))
        let clock = ZonedClock(timeZone)
        let local = clock.date(of: instant)
        let wall = Int((instant.timeIntervalSince1970 + TimeInterval(timeZone.secondsFromGMT(for: instant))).rounded(.down))
        let minute = (wall - local.daysSinceEpoch * 86_400) / 60
        return "\(local)T\(TimeWindow.clock(minute))"
    }

    /// The meeting's start as CometChat's `meetStartAt` wants it, ISO 8601 in UTC
    /// (`2026-11-24T10:30:00Z`), the slot being wall-clock time in the scheduler's zone.
    ///
    /// A dated slot is that date. A weekday slot is its next start at or after `now`, or after
    /// the range's start when that is later; should the range end before then, it is still that
    /// next start (the range can have closed after the slot was checked).
    public func meetStartAt(_ resolved: ResolvedSlot, now: Date) -> String {
        let slot = resolved.slot
        let clock = ZonedClock(timeZone)
        if let date = slot.localDate { return ZonedClock.utcText(clock.instant(date, minutes: slot.minutes)) }
        var earliest = now
        if let start = dateRangeStart { earliest = max(earliest, start.earliest(in: timeZone)) }
        let start =
            nextStart(of: slot, onOrAfter: earliest, inRange: true)
            ?? nextStart(of: slot, onOrAfter: earliest, inRange: false)
            ?? clock.instant(clock.date(of: earliest), minutes: slot.minutes)
        return ZonedClock.utcText(start)
    }

    // MARK: - Dates

    /// Minutes a meeting takes from the window: at least its first minute, then the buffer.
    var occupied: Int { max(duration, 1) + bufferTime }

    /// The first start of a weekday slot at or after `earliest` (within the range's end when `inRange`).
    private func nextStart(of slot: Slot, onOrAfter earliest: Date, inRange: Bool) -> Date? {
        let clock = ZonedClock(timeZone)
        let first = clock.date(of: earliest)
        for offset in 0...8 {
            let date = first.adding(days: offset)
            guard date.weekday == slot.day else { continue }
            let start = clock.instant(date, minutes: slot.minutes)
            guard start >= earliest else { continue }
            if inRange, !beforeRangeEnd(start) { return nil }
            return start
        }
        return nil
    }

    private func afterRangeStart(_ instant: Date) -> Bool {
        dateRangeStart.map { instant >= $0.earliest(in: timeZone) } ?? true
    }

    private func beforeRangeEnd(_ instant: Date) -> Bool {
        guard let end = dateRangeEnd?.latest(in: timeZone) else { return true }
        return end.inclusive ? instant <= end.limit : instant < end.limit
    }

    /// Why a slot falls outside the date range, or nil when it does not.
    private func outsideDateRange(_ slot: Slot) -> String? {
        if let date = slot.localDate {
            let start = ZonedClock(timeZone).instant(date, minutes: slot.minutes)
            return afterRangeStart(start) && beforeRangeEnd(start) ? nil : outsideRange(slot)
        }
        guard let start = dateRangeStart, dateRangeEnd != nil else { return nil }
        return nextStart(of: slot, onOrAfter: start.earliest(in: timeZone), inRange: true) == nil ? noDayInRange(slot) : nil
    }
}
