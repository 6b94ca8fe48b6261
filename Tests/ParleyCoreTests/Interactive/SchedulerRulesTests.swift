import Foundation
import ParleyCore
import ParleyModel
import Testing

/// `SchedulerRules`: availability in the seed's and the Android UI kit's forms, duration and
/// buffer, the date range, the time zone, and how a refusal reads.
@Suite("interactive: scheduler rules")
struct SchedulerRulesTests {
    /// A scheduler from interactive data written as JSON text.
    func rules(_ json: String, id: String = "callback_scheduler") throws -> SchedulerRules {
        SchedulerRules(schedulerID: id, data: try JSONValue(parsing: json))
    }

    /// The seed's form: Monday to Wednesday 09:00–12:00 and 14:00–17:00, 30 minutes, 5 minutes' buffer.
    var seed: SchedulerRules {
        get throws {
            try rules(
                #"""
                {"title": "Schedule a Meeting", "duration": 30, "bufferTime": 5,
                 "availability": {"monday": ["09:00-12:00", "14:00-17:00"], "tuesday": ["09:00-12:00", "14:00-17:00"],
                                  "wednesday": ["09:00-12:00", "14:00-17:00"]}}
                """#)
        }
    }

    func refusal(_ rules: SchedulerRules, _ slot: String) -> String? {
        if case .failure(let refusal) = rules.check(slot) { return refusal.message }
        return nil
    }

    func window(_ rules: SchedulerRules, _ slot: String) -> String? {
        if case .success(let resolved) = rules.check(slot) { return resolved.window.description }
        return nil
    }

    @Test("the seed's availability: a slot inside a window is accepted with that window")
    func seedForm() throws {
        let rules = try seed
        #expect(rules.days == [.monday, .tuesday, .wednesday])
        #expect(window(rules, "tuesday 10:30") == "09:00-12:00")
        #expect(window(rules, "Wednesday 14:00") == "14:00-17:00")
        #expect(window(rules, "monday 9:00") == "09:00-12:00")
    }

    @Test("the Android UI kit's availability: from/to as HHmm or HH:mm, day keys in any case")
    func androidForm() throws {
        let rules = try rules(
            #"""
            {"duration": 30, "bufferTime": 0,
             "availability": {"Monday": [{"from": "0900", "to": "1200"}, {"from": "14:00", "to": "17:00"}],
                              "FRIDAY": [{"from": "0000", "to": "1359"}]}}
            """#)
        #expect(rules.availability[.monday]?.map(\.description) == ["09:00-12:00", "14:00-17:00"])
        #expect(window(rules, "monday 11:30") == "09:00-12:00")
        #expect(window(rules, "monday 16:30") == "14:00-17:00")
        #expect(window(rules, "friday 13:29") == "00:00-13:59")
        #expect(
            refusal(rules, "friday 13:30")
                == #"schedule friday 13:30: not inside "callback_scheduler"'s availability on friday (00:00-13:59) for a 30-minute meeting with no buffer"#
        )
    }

    @Test("a window written as a bare number (YAML's 0900 unquoted) still reads")
    func numericBounds() {
        let data = JSONValue.object([
            JSONMember("availability", .object([JSONMember("monday", [.object([JSONMember("from", 900), JSONMember("to", 1200)])])]))
        ])
        #expect(SchedulerRules(schedulerID: "s", data: data).availability[.monday] == [TimeWindow(start: 540, end: 720)].compactMap { $0 })
    }

    @Test("the buffer follows the meeting: start + duration + buffer must not pass the window's end")
    func buffer() throws {
        let rules = try seed
        // 11:25 + 30 + 5 = 12:00 fits exactly; one minute later does not.
        #expect(window(rules, "monday 11:25") == "09:00-12:00")
        #expect(
            refusal(rules, "monday 11:26")
                == #"schedule monday 11:26: not inside "callback_scheduler"'s availability on monday (09:00-12:00, 14:00-17:00) for a 30-minute meeting with 5 minutes' buffer"#
        )
        // The same slot fits once the buffer is gone.
        let noBuffer = try self.rules(#"{"duration": 30, "availability": {"monday": ["09:00-12:00"]}}"#)
        #expect(window(noBuffer, "monday 11:26") == "09:00-12:00")
    }

    @Test("the brief's example refusal reads word for word")
    func exampleWording() throws {
        let rules = try self.rules(#"{"duration": 30, "bufferTime": 5, "availability": {"wednesday": ["09:00-12:00"]}}"#)
        #expect(
            refusal(rules, "wednesday 11:45")
                == #"schedule wednesday 11:45: not inside "callback_scheduler"'s availability on wednesday (09:00-12:00) for a 30-minute meeting with 5 minutes' buffer"#
        )
    }

    @Test("a start before the window opens is refused, and with no duration the first minute must be inside")
    func edges() throws {
        let rules = try self.rules(#"{"availability": {"monday": ["09:00-12:00"]}}"#)
        #expect(window(rules, "monday 09:00") == "09:00-12:00")
        #expect(window(rules, "monday 11:59") == "09:00-12:00")
        #expect(refusal(rules, "monday 12:00") == #"schedule monday 12:00: not inside "callback_scheduler"'s availability on monday (09:00-12:00)"#)
        #expect(refusal(rules, "monday 08:59")?.hasPrefix("schedule monday 08:59: not inside") == true)
    }

    @Test("a day with no availability names the days there are; a text that is no slot says how to write one")
    func otherRefusals() throws {
        let rules = try seed
        #expect(
            refusal(rules, "friday 10:00")
                == #"schedule friday 10:00: "callback_scheduler" has no availability on friday; available days: monday, tuesday, wednesday"#)
        #expect(refusal(rules, "soon") == #"schedule soon: not a slot; write it like "tuesday 10:30" or "2026-11-24T10:30""#)
        #expect(refusal(rules, "tuesday 25:00") == #"schedule tuesday 25:00: not a slot; write it like "tuesday 10:30" or "2026-11-24T10:30""#)
        let empty = try self.rules(#"{"availability": {}}"#)
        #expect(refusal(empty, "monday 10:00") == #"schedule monday 10:00: "callback_scheduler" has no availability on monday; it offers no days"#)
    }

    @Test("an ISO slot is judged by its date's weekday; seconds and a zone suffix are ignored")
    func isoSlots() throws {
        let rules = try seed
        // 24 November 2026 is a Tuesday, the 26th a Thursday.
        #expect(window(rules, "2026-11-24T10:30") == "09:00-12:00")
        #expect(window(rules, "2026-11-24T10:30:59Z") == "09:00-12:00")
        #expect(window(rules, "2026-11-24T14:00:00.000+01:00") == "14:00-17:00")
        #expect(refusal(rules, "2026-11-26T10:30")?.hasPrefix(#"schedule 2026-11-26T10:30: "callback_scheduler" has no availability on thursday"#) == true)
        #expect(refusal(rules, "2026-02-30T10:30")?.hasSuffix("not a slot; write it like \"tuesday 10:30\" or \"2026-11-24T10:30\"") == true)
    }

    @Test("a dated slot outside dateRangeStart/dateRangeEnd (inclusive, dates or date-times) is refused")
    func dateRange() throws {
        let rules = try self.rules(
            #"""
            {"duration": 30, "availability": {"monday": ["09:00-17:00"], "tuesday": ["09:00-17:00"]},
             "dateRangeStart": "2026-11-02", "dateRangeEnd": "2026-11-24"}
            """#)
        #expect(window(rules, "2026-11-02T09:00") == "09:00-17:00")
        #expect(window(rules, "2026-11-24T16:30") == "09:00-17:00")
        #expect(
            refusal(rules, "2026-11-30T10:00")
                == #"schedule 2026-11-30T10:00: 2026-11-30 is outside "callback_scheduler"'s date range (2026-11-02 to 2026-11-24)"#)
        #expect(refusal(rules, "2026-10-27T10:00")?.contains("is outside") == true)
        // A weekday slot passes while the range has such a day.
        #expect(window(rules, "tuesday 10:00") == "09:00-17:00")

        let timed = try self.rules(
            #"""
            {"availability": {"tuesday": ["09:00-17:00"]}, "dateRangeStart": "2026-11-24T12:00:00", "dateRangeEnd": "2026-11-24T15:00"}
            """#)
        #expect(window(timed, "2026-11-24T12:00") == "09:00-17:00")
        #expect(window(timed, "2026-11-24T15:00") == "09:00-17:00")
        #expect(
            refusal(timed, "2026-11-24T11:59")
                == #"schedule 2026-11-24T11:59: 2026-11-24 is outside "callback_scheduler"'s date range (2026-11-24T12:00:00 to 2026-11-24T15:00)"#
        )
        #expect(refusal(timed, "2026-11-24T15:01")?.contains("is outside") == true)
        // Inside the range only 12:00-15:00 on that Tuesday can be had.
        #expect(
            refusal(timed, "tuesday 10:00")
                == #"schedule tuesday 10:00: "callback_scheduler"'s date range (2026-11-24T12:00:00 to 2026-11-24T15:00) has no tuesday at 10:00"#
        )
    }

    @Test("a weekday the date range never reaches is refused; an open-ended range is not")
    func weekdayOutsideRange() throws {
        let closed = try self.rules(
            #"{"availability": {"friday": ["09:00-17:00"]}, "dateRangeStart": "2026-11-02", "dateRangeEnd": "2026-11-04"}"#)
        #expect(
            refusal(closed, "friday 10:00")
                == #"schedule friday 10:00: "callback_scheduler"'s date range (2026-11-02 to 2026-11-04) has no friday at 10:00"#)
        let open = try self.rules(#"{"availability": {"friday": ["09:00-17:00"]}, "dateRangeStart": "2026-11-02"}"#)
        #expect(window(open, "friday 10:00") == "09:00-17:00")
        #expect(
            refusal(open, "2026-10-30T10:00") == #"schedule 2026-10-30T10:00: 2026-10-30 is outside "callback_scheduler"'s date range (from 2026-11-02)"#)
    }
}
