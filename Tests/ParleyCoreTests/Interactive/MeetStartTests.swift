import Foundation
import ParleyCore
import ParleyModel
import Testing

/// `meetStartAt`: the start in UTC, from the scheduler's time zone, with a fixed `now`.
@Suite("interactive: meetStartAt")
struct MeetStartTests {
    /// Wednesday 18 November 2026, 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_003_200)

    func rules(_ json: String) throws -> SchedulerRules {
        SchedulerRules(schedulerID: "s1", data: try JSONValue(parsing: json))
    }

    func start(_ rules: SchedulerRules, _ slot: String, now: Date = now) throws -> String {
        let resolved = try rules.check(slot).get()
        return rules.meetStartAt(resolved, now: now)
    }

    @Test("the fixed now is what the tests say it is")
    func fixedNow() {
        #expect(LocalDate(year: 2026, month: 11, day: 18)?.weekday == .wednesday)
        #expect(Self.now.timeIntervalSince1970 == 20_775 * 86_400 + 12 * 3600)
    }

    @Test("with no time zone, UTC: a weekday slot is its next occurrence on or after now")
    func utc() throws {
        let rules = try rules(#"{"duration": 30, "availability": {"tuesday": ["09:00-12:00"], "wednesday": ["09:00-17:00"]}}"#)
        #expect(try start(rules, "tuesday 10:30") == "2026-11-24T10:30:00Z")
        // Later today is today; earlier today is next week.
        #expect(try start(rules, "wednesday 12:30") == "2026-11-18T12:30:00Z")
        #expect(try start(rules, "wednesday 12:00") == "2026-11-18T12:00:00Z")
        #expect(try start(rules, "wednesday 11:30") == "2026-11-25T11:30:00Z")
    }

    @Test("a dated slot is that date, converted from the scheduler's zone")
    func dated() throws {
        let london = try rules(#"{"timezoneCode": "Europe/London", "availability": {"tuesday": ["09:00-12:00"], "monday": ["09:00-12:00"]}}"#)
        // November: GMT, no offset.
        #expect(try start(london, "2026-11-24T10:30") == "2026-11-24T10:30:00Z")
        // July: BST, an hour ahead of UTC.
        #expect(try start(london, "2026-07-06T10:30") == "2026-07-06T09:30:00Z")
        let kolkata = try rules(#"{"timezoneCode": "Asia/Kolkata", "availability": {"tuesday": ["09:00-12:00"]}}"#)
        #expect(try start(kolkata, "2026-11-24T10:30") == "2026-11-24T05:00:00Z")
    }

    @Test("a weekday slot in a zone west of UTC: the day is counted there, and may fall on the next UTC date")
    func westOfUTC() throws {
        let newYork = try rules(#"{"timezoneCode": "America/New_York", "availability": {"wednesday": ["06:00-23:30"]}}"#)
        // Now is 07:00 on Wednesday in New York (UTC-5): 07:30 is still today, 06:30 is next week.
        #expect(try start(newYork, "wednesday 07:30") == "2026-11-18T12:30:00Z")
        #expect(try start(newYork, "wednesday 06:30") == "2026-11-25T11:30:00Z")
        #expect(try start(newYork, "wednesday 22:00") == "2026-11-19T03:00:00Z")
    }

    @Test("a weekday slot starts no earlier than dateRangeStart when that is later than now")
    func rangeStart() throws {
        let rules = try rules(
            #"""
            {"timezoneCode": "Europe/Berlin", "availability": {"tuesday": ["09:00-12:00"]},
             "dateRangeStart": "2026-12-01", "dateRangeEnd": "2026-12-31"}
            """#)
        // 1 December 2026 is a Tuesday; Berlin is UTC+1 in winter.
        #expect(try start(rules, "tuesday 10:30") == "2026-12-01T09:30:00Z")
        // Once now is past the range's start, now counts.
        let later = Date(timeIntervalSince1970: Self.now.timeIntervalSince1970 + 14 * 86_400)
        #expect(try start(rules, "tuesday 10:30", now: later) == "2026-12-08T09:30:00Z")
    }

    @Test("the scheduler's timezoneCode decides; an unknown zone falls back to UTC")
    func unknownZone() throws {
        let rules = try rules(#"{"timezoneCode": "Mars/Olympus", "availability": {"tuesday": ["09:00-12:00"]}}"#)
        #expect(rules.timeZone == TimeZone(identifier: "UTC"))
        #expect(try start(rules, "2026-11-24T10:30") == "2026-11-24T10:30:00Z")
    }

    @Test("a booking's meetStartAt reads back as the scheduler's wall-clock slot, east and west of UTC", arguments: [
        ("Asia/Kolkata", "tuesday 10:30", "2026-11-24T05:00:00Z", "2026-11-24T10:30"),
        ("America/New_York", "monday 21:00", "2026-11-24T02:00:00Z", "2026-11-23T21:00"),
        ("UTC", "tuesday 10:30", "2026-11-24T10:30:00Z", "2026-11-24T10:30"),
    ])
    func readBack(_ zone: String, _ slot: String, _ instant: String, _ wall: String) throws {
        let rules = try rules(#"{"timezoneCode": "\#(zone)", "availability": {"monday": ["09:00-23:00"], "tuesday": ["09:00-12:00"]}}"#)
        #expect(try start(rules, slot) == instant)
        #expect(rules.slot(meetStartAt: instant) == wall)
        #expect(try rules.check(wall).get().slot.day.rawValue == slot.split(separator: " ")[0].description)
        #expect(rules.slot(meetStartAt: "tuesday 10:30") == nil)
    }
}
