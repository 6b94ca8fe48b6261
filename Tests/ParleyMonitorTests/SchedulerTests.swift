import Foundation
import ParleyModel
import ParleyMonitor
import Testing

/// The scheduler as a value: readings in, checks to start out; no clock, no I/O.
@Suite("Scheduler")
struct SchedulerTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    static func scheduler(_ entries: [Scheduler.Entry], concurrency: Int = 4) -> Scheduler {
        Scheduler(entries: entries, concurrency: concurrency, now: .zero, date: date)
    }

    static func at(_ seconds: Int) -> (Duration, Date) {
        (.seconds(seconds), date.addingTimeInterval(TimeInterval(seconds)))
    }

    @Test("an interval check starts at once, then on its rhythm")
    func rhythm() {
        var scheduler = Self.scheduler([.init(name: "faq", rule: .every(.seconds(10)))])
        #expect(scheduler.due(now: .zero, date: Self.date) == ["faq"])
        #expect(scheduler.nextWake == .seconds(10))
        #expect(scheduler.finished("faq") == [])
        let (nine, nineDate) = Self.at(9)
        #expect(scheduler.due(now: nine, date: nineDate) == [])
        let (ten, tenDate) = Self.at(10)
        #expect(scheduler.due(now: ten, date: tenDate) == ["faq"])
        #expect(scheduler.nextWake == .seconds(20))
    }

    @Test("a check never overlaps itself: a slot that falls while it runs is skipped and counted")
    func noOverlap() {
        var scheduler = Self.scheduler([.init(name: "slow", rule: .every(.seconds(10)))])
        #expect(scheduler.due(now: .zero, date: Self.date) == ["slow"])
        for second in [10, 20, 30] {
            let (now, date) = Self.at(second)
            #expect(scheduler.due(now: now, date: date) == [], "still running at \(second)s")
        }
        #expect(scheduler.skipped("slow") == 3)
        #expect(scheduler.finished("slow") == [])
        let (forty, fortyDate) = Self.at(40)
        #expect(scheduler.due(now: forty, date: fortyDate) == ["slow"])
    }

    @Test("slots missed while nothing looked (a sleeping machine) are not run in a burst")
    func noBurst() {
        var scheduler = Self.scheduler([.init(name: "faq", rule: .every(.seconds(10)))])
        _ = scheduler.due(now: .zero, date: Self.date)
        _ = scheduler.finished("faq")
        let (late, lateDate) = Self.at(95)
        #expect(scheduler.due(now: late, date: lateDate) == ["faq"])
        #expect(scheduler.nextWake == .seconds(100))
    }

    @Test("at most `concurrency` run at once; the rest wait in the order they fell due and take freed places")
    func concurrency() {
        let entries = ["a", "b", "c"].map { Scheduler.Entry(name: $0, rule: .every(.seconds(60))) }
        var scheduler = Self.scheduler(entries, concurrency: 2)
        #expect(scheduler.due(now: .zero, date: Self.date) == ["a", "b"])
        #expect(scheduler.running == ["a", "b"])
        #expect(scheduler.finished("b") == ["c"])
        #expect(scheduler.running == ["a", "c"])
        #expect(scheduler.finished("a") == [])
    }

    @Test("a waiting check's next slot is skipped, not queued twice")
    func waitingSkips() {
        let entries = [Scheduler.Entry(name: "a", rule: .every(.seconds(10))), Scheduler.Entry(name: "b", rule: .every(.seconds(10)))]
        var scheduler = Self.scheduler(entries, concurrency: 1)
        #expect(scheduler.due(now: .zero, date: Self.date) == ["a"])
        let (ten, tenDate) = Self.at(10)
        #expect(scheduler.due(now: ten, date: tenDate) == [])
        #expect(scheduler.skipped("a") == 1)
        #expect(scheduler.skipped("b") == 1)
        #expect(scheduler.finished("a") == ["b"])
    }

    @Test("jitter delays each start by less than its bound, the same way for the same seed")
    func jitter() {
        func starts(seed: UInt64) -> [Duration] {
            var scheduler = Scheduler(
                entries: [.init(name: "j", rule: .every(.seconds(60)), jitter: .seconds(10))], concurrency: 1, now: .zero, date: Self.date,
                seed: seed)
            var wakes: [Duration] = []
            for _ in 0..<20 {
                guard let wake = scheduler.nextWake else { break }
                wakes.append(wake)
                #expect(scheduler.due(now: wake, date: Self.date.addingTimeInterval(Double(wake.components.seconds))) == ["j"])
                _ = scheduler.finished("j")
            }
            return wakes
        }
        let first = starts(seed: 1)
        #expect(first == starts(seed: 1))
        #expect(first != starts(seed: 2))
        for (round, wake) in first.enumerated() {
            let slot = Duration.seconds(60 * round)
            #expect(wake >= slot && wake < slot + .seconds(10), "round \(round): \(wake)")
        }
    }

    @Test("a cron check starts at its next cron time, by the wall clock")
    func cron() throws {
        // 1_800_000_000 is 2027-01-15T08:00:00Z; "*/5 * * * *" next fires at 08:05.
        var scheduler = Self.scheduler([.init(name: "c", rule: .cron(try CronExpression("*/5 * * * *")))])
        #expect(scheduler.due(now: .zero, date: Self.date) == [])
        #expect(scheduler.nextWake == .seconds(300))
        let (five, fiveDate) = Self.at(300)
        #expect(scheduler.due(now: five, date: fiveDate) == ["c"])
        #expect(scheduler.nextWake == .seconds(600))
    }
}

@Suite("AlertRule")
struct AlertRuleTests {
    @Test("alerts once after N consecutive failures and once on recovery, whatever comes between")
    func transitions() {
        var rule = AlertRule(after: 2)
        let outcomes: [CheckOutcome] = [.passed, .failed, .passed, .failed, .timedOut, .failed, .error, .passed, .passed, .failed]
        let alerts = outcomes.map { rule.receive($0) }
        #expect(alerts == [nil, nil, nil, nil, .failing, nil, nil, .recovered, nil, nil])
    }

    @Test("an interrupted run neither counts as a failure nor resets the count")
    func interrupted() {
        var rule = AlertRule(after: 2)
        #expect(rule.receive(.failed) == nil)
        #expect(rule.receive(.interrupted) == nil)
        #expect(rule.receive(.failed) == .failing)
        #expect(rule.receive(.interrupted) == nil)
        #expect(rule.alerting)
        #expect(rule.receive(.passed) == .recovered)
    }

    @Test("after: 1 alerts on the first failure")
    func afterOne() {
        var rule = AlertRule(after: 1)
        #expect(rule.receive(.failed) == .failing)
        #expect(rule.receive(.failed) == nil)
    }
}
