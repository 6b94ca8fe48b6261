import Foundation
import ParleyModel
import Testing

@Suite("cron expressions")
struct CronExpressionTests {
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    static func next(_ expression: String, after: String) throws -> String? {
        let cron = try CronExpression(expression)
        return cron.next(after: date(after)).map { ISO8601DateFormatter().string(from: $0) }
    }

    @Test("each field's forms: every minute, steps, ranges, lists, names, macros", arguments: [
        ("* * * * *", "2026-11-26T22:40:30Z", "2026-11-26T22:41:00Z"),
        ("*/5 * * * *", "2026-11-26T22:40:00Z", "2026-11-26T22:45:00Z"),
        ("*/5 * * * *", "2026-11-26T22:58:59Z", "2026-11-26T23:00:00Z"),
        ("0 9-17/4 * * *", "2026-11-26T13:00:00Z", "2026-11-26T17:00:00Z"),
        ("15,45 * * * *", "2026-11-26T22:20:00Z", "2026-11-26T22:45:00Z"),
        ("0 0 1 JAN *", "2026-11-26T22:20:00Z", "2027-01-01T00:00:00Z"),
        ("30 6 * * MON-FRI", "2026-11-27T07:00:00Z", "2026-11-30T06:30:00Z"),  // Friday after 6:30 → Monday
        ("0 12 * * 7", "2026-11-26T00:00:00Z", "2026-11-29T12:00:00Z"),  // 7 is Sunday
        ("@hourly", "2026-11-26T22:20:00Z", "2026-11-26T23:00:00Z"),
        ("@daily", "2026-12-31T23:59:00Z", "2027-01-01T00:00:00Z"),
        ("0 0 29 2 *", "2026-03-01T00:00:00Z", "2028-02-29T00:00:00Z"),
        ("5/20 * * * *", "2026-11-26T22:26:00Z", "2026-11-26T22:45:00Z"),
    ])
    func next(expression: String, after: String, expected: String) throws {
        #expect(try Self.next(expression, after: after) == expected)
    }

    @Test("a restricted day of month and day of week: either runs, as in cron")
    func dayOrWeekday() throws {
        // The 1st of the month or a Monday: after Thursday Nov 26 comes Monday Nov 30, then Tuesday Dec 1.
        #expect(try Self.next("0 0 1 * MON", after: "2026-11-26T00:00:00Z") == "2026-11-30T00:00:00Z")
        #expect(try Self.next("0 0 1 * MON", after: "2026-11-30T00:00:00Z") == "2026-12-01T00:00:00Z")
    }

    @Test("a date that never comes: nil, not a hang")
    func never() throws {
        #expect(try Self.next("0 0 30 2 *", after: "2026-11-26T00:00:00Z") == nil)
    }

    @Test("mistakes say what is wrong", arguments: [
        ("* * * *", "a cron expression has 5 fields"),
        ("61 * * * *", "the minute 61 is out of range (0-59)"),
        ("* * * * FUNDAY", "the day of week 'FUNDAY' is not a number (0-7) or a name like SUN, MON"),
        ("*/0 * * * *", "the minute field's step '0' is not a whole number of at least 1"),
        ("10-5 * * * *", "the minute field's range '10-5' runs backwards"),
        ("1,,2 * * * *", "the minute field '1,,2' has an empty or doubled part"),
        ("@often", "unknown schedule '@often'"),
    ])
    func mistakes(expression: String, message: String) {
        #expect(throws: CronError.self) { try CronExpression(expression) }
        do {
            _ = try CronExpression(expression)
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
