import ParleyCore
import ParleyModel
import Testing

/// Reading slots, time windows and dates.
@Suite("interactive: slots and windows")
struct SlotTests {
    @Test("a weekday slot in any case, with a one- or two-digit hour")
    func weekdaySlot() throws {
        let slot = try #require(Slot("Tuesday 9:30"))
        #expect(slot.day == .tuesday)
        #expect(slot.time == "09:30")
        #expect(slot.date == nil)
        #expect(slot.text == "tuesday 09:30")
        #expect(Slot("  MONDAY   17:05 ")?.minutes == 17 * 60 + 5)
    }

    @Test("an ISO slot: its date's weekday; seconds, fractions and zone ignored")
    func isoSlot() throws {
        let slot = try #require(Slot("2026-11-24T10:30"))
        #expect(slot.day == .tuesday)
        #expect(slot.date == "2026-11-24")
        #expect(slot.text == "2026-11-24T10:30")
        for text in ["2026-11-24T10:30:00", "2026-11-24T10:30:00Z", "2026-11-24T10:30:00.123+05:30", "2026-11-24T10:30-0500"] {
            #expect(Slot(text) == slot, "\(text)")
        }
    }

    @Test("not slots", arguments: ["soon", "tuesday", "tuesday 10", "tuesday 0930", "someday 10:30", "2026-11-24", "2026-11-31T10:00",
        "2026-11-24T10:30junk", "tuesday 24:00", "2026-11-24T7:30"])
    func notSlots(text: String) {
        #expect(Slot(text) == nil)
    }

    @Test("time windows in both forms, and what is not one")
    func windows() {
        #expect(TimeWindow("09:00-12:00") == TimeWindow(start: 540, end: 720))
        #expect(TimeWindow("9:00 - 12:00") == TimeWindow(start: 540, end: 720))
        #expect(TimeWindow(from: "0900", to: "1200") == TimeWindow(start: 540, end: 720))
        #expect(TimeWindow(from: "09:00", to: "24:00")?.description == "09:00-24:00")
        #expect(TimeWindow(.object([.init("from", "1400"), .init("to", "1730")]))?.description == "14:00-17:30")
        for bad in ["9-12", "12:00-09:00", "09:00-09:00", "09:60-10:00", "09:00", "0900-1200-1300", "ab:cd-12:00"] {
            #expect(TimeWindow(bad) == nil, "\(bad)")
        }
        #expect(TimeWindow(from: "900", to: "1200") == nil)
        #expect(TimeWindow(.object([.init("from", "0900")])) == nil)
    }

    @Test("dates: weekdays, steps across months and years, and what is no date")
    func dates() {
        #expect(LocalDate(iso: "1970-01-01")?.weekday == .thursday)
        #expect(LocalDate(iso: "2000-02-29")?.weekday == .tuesday)
        #expect(LocalDate(iso: "2026-12-31")?.adding(days: 1).description == "2027-01-01")
        #expect(LocalDate(iso: "2028-02-28")?.adding(days: 1).description == "2028-02-29")
        #expect(LocalDate(iso: "1969-12-31")?.weekday == .wednesday)
        for bad in ["2026-02-29", "2026-13-01", "26-11-01", "2026-1-01", "2026-11-01T00:00"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
    }

    @Test("date range bounds: dates and date-times, with or without seconds and zone")
    func bounds() {
        #expect(DateRangeBound("2026-11-01")?.minutes == nil)
        #expect(DateRangeBound("2026-11-01T09:30")?.minutes == 570)
        #expect(DateRangeBound("2026-11-01T09:30:00.000Z")?.minutes == 570)
        #expect(DateRangeBound("2026-11-01T09:30:00+01:00")?.date.description == "2026-11-01")
        #expect(DateRangeBound("November 1") == nil)
        #expect(DateRangeBound("2026-11-01T9:30") == nil)
    }
}
