import Foundation
import ParleyModel
import Testing

/// `cron:` schedules of `parley monitor`: five fields in UTC, and problems that say where they are.
@Suite("cron expressions")
struct CronExpressionTests {
    /// A UTC date from its parts.
    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    private func next(_ text: String, after date: Date) throws -> Date {
        try CronExpression(text).next(after: date)
    }

    @Test("every five minutes: the next multiple of five, strictly after the given time")
    func everyFiveMinutes() throws {
        #expect(try next("*/5 * * * *", after: utc(2024, 3, 10, 12, 3, 20)) == utc(2024, 3, 10, 12, 5))
        #expect(try next("*/5 * * * *", after: utc(2024, 3, 10, 12, 5)) == utc(2024, 3, 10, 12, 10))
        #expect(try next("*/5 * * * *", after: utc(2024, 3, 10, 12, 4, 59)) == utc(2024, 3, 10, 12, 5))
        #expect(try next("* * * * *", after: utc(2024, 12, 31, 23, 59, 30)) == utc(2025, 1, 1, 0, 0))
    }

    @Test("lists, ranges and steps within a range")
    func listsRangesSteps() throws {
        let cron = try CronExpression("0,30 9-17/4 * * *")
        #expect(cron.minutes == [0, 30])
        #expect(cron.hours == [9, 13, 17])
        #expect(cron.next(after: utc(2024, 1, 1, 17, 30)) == utc(2024, 1, 2, 9, 0))
        #expect(try CronExpression("5/15 * * * *").minutes == [5, 20, 35, 50])
        #expect(try CronExpression("0-30/10 * * * *").minutes == [0, 10, 20, 30])
    }

    @Test("names of months and days, in any case; 7 is Sunday too")
    func names() throws {
        let cron = try CronExpression("0 8 * jan-Mar MON-FRI")
        #expect(cron.months == [1, 2, 3])
        #expect(cron.daysOfWeek == [1, 2, 3, 4, 5])
        #expect(try CronExpression("0 0 * * 7").daysOfWeek == [0])
        #expect(try CronExpression("0 0 * * 5-7").daysOfWeek == [5, 6, 0])
        // 2024-03-29 is a Friday: the next weekday 08:00 is Monday 1 April, outside the months, so 2025.
        #expect(cron.next(after: utc(2024, 3, 28, 9)) == utc(2024, 3, 29, 8))
        #expect(cron.next(after: utc(2024, 3, 29, 9)) == utc(2025, 1, 1, 8))
    }

    @Test("a day matches by month day or week day when both are restricted, by both when one is *")
    func dayFieldsCombine() throws {
        // The 13th, or any Friday: 2024-09-01 is a Sunday, the first Friday is the 6th.
        let either = try CronExpression("0 0 13 * FRI")
        #expect(either.next(after: utc(2024, 9, 1)) == utc(2024, 9, 6))
        #expect(either.next(after: utc(2024, 9, 12, 1)) == utc(2024, 9, 13))
        // A star-step in the week-day field keeps "and": the 1st only when it is a Sunday.
        let both = try CronExpression("0 0 1 * */7")
        #expect(both.next(after: utc(2024, 9, 1, 1)) == utc(2024, 12, 1))
    }

    @Test("February 29 is found in the next leap year")
    func leapDay() throws {
        #expect(try next("0 12 29 2 *", after: utc(2024, 3, 1)) == utc(2028, 2, 29, 12))
    }

    @Test("shorthands expand to their five fields")
    func shorthands() throws {
        #expect(try next("@hourly", after: utc(2024, 5, 5, 10, 1)) == utc(2024, 5, 5, 11))
        #expect(try next("@daily", after: utc(2024, 5, 5, 10, 1)) == utc(2024, 5, 6))
        #expect(try next("@weekly", after: utc(2024, 5, 5, 10, 1)) == utc(2024, 5, 12))
        #expect(try next("@monthly", after: utc(2024, 5, 5)) == utc(2024, 6, 1))
        #expect(try next("@yearly", after: utc(2024, 5, 5)) == utc(2025, 1, 1))
    }

    @Test("dates before 1970 land on the right day")
    func beforeTheEpoch() throws {
        #expect(try next("30 6 * * *", after: utc(1969, 12, 31, 7)) == utc(1970, 1, 1, 6, 30))
        #expect(try next("0 0 * * MON", after: utc(1969, 7, 20)) == utc(1969, 7, 21))
    }

    @Test("problems name what is wrong and the offset of the offending text", arguments: [
        ("*/5 * * *", 0, "expected 5 cron fields"),
        ("0 */5 * * * *", 12, "a seconds field is not supported"),
        ("61 * * * *", 0, "61 is out of range for the minute field (0–59)"),
        ("0 24 * * *", 2, "24 is out of range for the hour field (0–23)"),
        ("0 0 * JAM *", 6, "expected a number from 1 to 12 or JAN–DEC in the month field; got 'JAM'"),
        ("0 0 * * MON-FRY", 12, "got 'FRY'"),
        ("*/0 * * * *", 2, "a step in the minute field must be from 1 to 59; got 0"),
        ("*/x * * * *", 2, "expected a step (a whole number) after '/'"),
        ("0 17-9 * * *", 2, "the range 17-9 in the hour field runs backwards"),
        ("0 1,,2 * * *", 4, "empty item in the hour field"),
        ("  0 0 31 2 *", 6, "this schedule never fires"),
        ("@fortnightly", 0, "unknown cron shorthand '@fortnightly'"),
        ("", 0, "expected 5 cron fields"),
    ])
    func problems(text: String, offset: Int, message: String) {
        do throws(CronExpression.Problem) {
            let cron = try CronExpression(text)
            Issue.record("expected a problem, got \(cron.minutes.count) minutes")
        } catch {
            #expect(error.offset == offset)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("the 31st of months that have one is fine, and the 30th of February with any weekday fires")
    func reachableDays() throws {
        #expect(try next("0 0 31 * *", after: utc(2024, 4, 1)) == utc(2024, 5, 31))
        #expect(try next("0 0 30 2 MON", after: utc(2024, 2, 1)) == utc(2024, 2, 5))
    }
}

/// A check's shortest interval and its timeout when none is written.
@Suite("check intervals")
struct CheckIntervalTests {
    private func check(_ schedule: ScheduleSpec, timeout: Duration? = nil) -> CheckConfig {
        CheckConfig(name: "faq", flows: [], schedule: schedule, timeout: timeout, location: SourceLocation(file: "p", line: 1, column: 1))
    }

    private func cron(_ text: String) -> ScheduleSpec {
        .cron(Located(text, at: SourceLocation(file: "p", line: 1, column: 1)))
    }

    @Test("a cron schedule's shortest interval is its closest two slots")
    func cronIntervals() {
        #expect(cron("*/5 * * * *").shortestInterval == .seconds(300))
        #expect(cron("0,10 * * * *").shortestInterval == .seconds(600))
        #expect(cron("0 9 * * MON-FRI").shortestInterval == .seconds(86_400))
        #expect(cron("@weekly").shortestInterval == .seconds(7 * 86_400))
        #expect(cron("0 25 * * *").shortestInterval == nil)
        #expect(ScheduleSpec.every(.seconds(90)).shortestInterval == .seconds(90))
    }

    @Test("the timeout defaults to the interval, at most 10m; a written one wins")
    func timeouts() {
        #expect(check(.every(.seconds(30))).effectiveTimeout == .seconds(30))
        #expect(check(.every(.seconds(3600))).effectiveTimeout == .seconds(600))
        #expect(check(cron("*/5 * * * *")).effectiveTimeout == .seconds(300))
        #expect(check(.every(.seconds(30)), timeout: .seconds(45)).effectiveTimeout == .seconds(45))
    }
}
