import ParleyLoad
import Testing

/// The schedule as arithmetic: when each user of a ramp starts, when each arrival of a rate is due.
struct LoadPlanTests {
    @Test("a ramp starts users evenly, the first at once and none at the ramp's end")
    func rampSpreadsUsers() {
        let plan = LoadPlan(model: .closed(users: 4, ramp: .seconds(2)), duration: .seconds(10))
        #expect((0..<4).map(plan.userStart) == [.zero, .milliseconds(500), .seconds(1), .milliseconds(1500)])
        #expect(plan.users == 4)
    }

    @Test("without a ramp every user starts at once")
    func noRamp() {
        let plan = LoadPlan(model: .closed(users: 3, ramp: .zero), duration: .seconds(1))
        #expect((0..<3).map(plan.userStart) == [.zero, .zero, .zero])
        #expect(plan.arrivals == 0)
    }

    @Test("a rate spaces arrivals by 1/rate from the start, and counts those before the end")
    func rateSpacesArrivals() {
        let plan = LoadPlan(model: .open(perSecond: 4, maxInFlight: 10), duration: .seconds(2))
        #expect((0..<5).map(plan.arrival) == [.zero, .milliseconds(250), .milliseconds(500), .milliseconds(750), .seconds(1)])
        // 0, 0.25, …, 1.75: the one due at 2 s is at the end, not before it.
        #expect(plan.arrivals == 8)
        #expect(plan.users == 10)
    }

    @Test("a rate that does not divide a second still counts exactly the arrivals before the end")
    func oddRate() {
        let plan = LoadPlan(model: .open(perSecond: 3, maxInFlight: 10), duration: .seconds(1))
        // 0, 1/3, 2/3 — the next is due at exactly 1 s.
        #expect(plan.arrivals == 3)
        #expect(plan.arrival(1) == .nanoseconds(333_333_333))
        let slow = LoadPlan(model: .open(perSecond: 0.5, maxInFlight: 1), duration: .seconds(5))
        #expect(slow.arrivals == 3)
        #expect(slow.arrival(2) == .seconds(4))
    }
}
