@testable import ParleyCore
import Testing

/// The pending deadlines behind a `SystemClock`'s one timer: when the timer moves, what rings.
@Suite("alarm schedule")
struct AlarmScheduleTests {
    @Test("the first deadline arms the timer; a later one leaves it, an earlier one moves it")
    func arming() {
        var schedule = AlarmSchedule<String>()
        #expect(schedule.add(.seconds(10), "a").timer == .arm(.seconds(10)))
        #expect(schedule.add(.seconds(30), "b").timer == .keep)
        #expect(schedule.add(.seconds(10), "c").timer == .keep, "the same reading is already armed")
        #expect(schedule.add(.seconds(5), "d").timer == .arm(.seconds(5)))
        #expect(schedule.armed == .seconds(5))
    }

    @Test("a ring returns what is due, earliest first, and arms the timer for the next")
    func ring() {
        var schedule = AlarmSchedule<String>()
        _ = schedule.add(.seconds(20), "late")
        _ = schedule.add(.seconds(10), "b")
        _ = schedule.add(.seconds(5), "a")
        _ = schedule.add(.seconds(10), "c")
        let rang = schedule.ring(now: .seconds(10))
        #expect(rang.due == ["a", "b", "c"], "equal deadlines in the order added")
        #expect(rang.timer == .arm(.seconds(20)))
        #expect(schedule.count == 1)
        let last = schedule.ring(now: .seconds(21))
        #expect(last.due == ["late"])
        #expect(last.timer == .keep, "nothing pending: the timer stays idle")
        #expect(schedule.armed == nil)
    }

    @Test("a deadline taken back never rings and leaves the timer armed, so taking back is free")
    func takenBack() {
        var schedule = AlarmSchedule<String>()
        let early = schedule.add(.seconds(5), "early")
        _ = schedule.add(.seconds(30), "late")
        #expect(schedule.remove(early.id) == "early")
        #expect(schedule.remove(early.id) == nil, "twice: already gone")
        #expect(schedule.armed == .seconds(5), "the timer is not moved back")
        let rang = schedule.ring(now: .seconds(5))
        #expect(rang.due.isEmpty)
        #expect(rang.timer == .arm(.seconds(30)))
        #expect(schedule.count == 1)
    }

    @Test("a ring before the armed reading (another clock's rounding) only arms the timer again")
    func earlyRing() {
        var schedule = AlarmSchedule<String>()
        _ = schedule.add(.seconds(5), "a")
        let rang = schedule.ring(now: .milliseconds(4999))
        #expect(rang.due.isEmpty)
        #expect(rang.timer == .arm(.seconds(5)))
        #expect(schedule.ring(now: .seconds(5)).due == ["a"])
    }

    @Test("after a ring with nothing pending, the next deadline arms the idle timer, even a later one")
    func idleThenLater() {
        var schedule = AlarmSchedule<String>()
        let first = schedule.add(.seconds(5), "a")
        _ = schedule.remove(first.id)
        #expect(schedule.add(.seconds(60), "b").timer == .keep, "armed for 5 s still")
        _ = schedule.ring(now: .seconds(5))
        #expect(schedule.armed == .seconds(60), "the ring re-armed for the pending one")
        _ = schedule.ring(now: .seconds(60))
        #expect(schedule.add(.seconds(90), "c").timer == .arm(.seconds(90)))
    }

    @Test("thousands of waits taken back, the steady state of a run, keep the heap small and the order right")
    func manyTakenBack() {
        var schedule = AlarmSchedule<Int>()
        var kept: [Int] = []
        for turn in 0..<10_000 {
            let added = schedule.add(.seconds(30) + .milliseconds(turn), turn)
            if turn % 1000 == 999 { kept.append(turn) } else { _ = schedule.remove(added.id) }
        }
        #expect(schedule.count == kept.count)
        #expect(schedule.armed == .seconds(30), "armed once, by the first wait")
        let rang = schedule.ring(now: .seconds(60))
        #expect(rang.due == kept)
        #expect(rang.timer == .keep)
    }
}
