import Foundation
import Logging
import ParleyCore
import ParleyModel

/// Runs checks on their schedules until cancelled (or until each ran `runs` times), telling every
/// observer about each run: the history, `/metrics`, the status page, the alerts, the console.
///
/// One task group holds the check runs and one timer; the `Scheduler` decides what starts when.
/// Cancelling the task that runs `run()` (SIGTERM) stops the running checks, which are recorded
/// as interrupted before `run()` returns.
public struct Monitor: Sendable {
    public var checks: [CheckConfig]
    public var concurrency: Int
    public var runner: CheckRunner
    public var observers: [any MonitorObserver]
    public var clock: any MonotonicClock
    /// The wall clock, for records and cron slots.
    public var date: @Sendable () -> Date
    public var logger: Logger
    /// Stop once every check has finished this many runs; nil runs until cancelled.
    public var runs: Int?
    /// The seed of the schedule's jitter.
    public var seed: UInt64 = 0x5EED_0016

    /// Creates a monitor.
    public init(
        checks: [CheckConfig], concurrency: Int, runner: CheckRunner, observers: [any MonitorObserver], clock: any MonotonicClock,
        date: @escaping @Sendable () -> Date = Date.init, logger: Logger, runs: Int? = nil
    ) {
        self.checks = checks
        self.concurrency = concurrency
        self.runner = runner
        self.observers = observers
        self.clock = clock
        self.date = date
        self.logger = logger
        self.runs = runs
    }

    private enum Event: Sendable {
        case finished(CheckRecord)
        case wake
    }

    /// Runs the checks. Returns when cancelled (after recording the interrupted runs) or when
    /// every check has run `runs` times.
    public func run() async {
        let entries = checks.compactMap { check in
            SlotRule(check.schedule).map { Scheduler.Entry(name: check.name, rule: $0, jitter: check.jitter ?? .zero) }
        }
        var scheduler = Scheduler(entries: entries, concurrency: concurrency, now: clock.now, date: date(), seed: seed)
        let byName = Dictionary(checks.map { ($0.name, $0) }) { first, _ in first }
        var finishedRuns: [String: Int] = [:]
        var stopping = false
        await withTaskGroup(of: Event.self) { group in
            var timerAt: Duration?
            var started: [String: Int] = [:]
            func start(_ names: [String]) async {
                var names = names
                while !names.isEmpty {
                    let name = names.removeFirst()
                    guard let check = byName[name] else { continue }
                    if let runs, started[name, default: 0] >= runs {
                        // Done with its runs: its place goes to whoever waits.
                        names += scheduler.finished(name)
                        continue
                    }
                    started[name, default: 0] += 1
                    let id = RandomID.string()
                    let start = CheckStart(date: date(), reading: clock.now)
                    let timeout = timeout(of: check)
                    logger.debug("check started", metadata: ["check": .string(name), "run_id": .string(id)])
                    for observer in observers { await observer.checkStarted(name, id: id, at: start) }
                    group.addTask { .finished(await runner.run(check, timeout: timeout, id: id, start: start)) }
                }
            }
            await start(scheduler.due(now: clock.now, date: date()))
            while true {
                if !stopping, let wake = scheduler.nextWake, timerAt.map({ wake < $0 }) ?? true {
                    timerAt = wake
                    group.addTask {
                        try? await clock.sleep(until: wake)
                        return .wake
                    }
                }
                guard let event = await group.next() else { break }
                if Task.isCancelled { stopping = true }
                switch event {
                case .wake:
                    timerAt = nil
                    if !stopping { await start(scheduler.due(now: clock.now, date: date())) }
                case .finished(let record):
                    await finished(record)
                    finishedRuns[record.check, default: 0] += 1
                    if let runs, entries.allSatisfy({ finishedRuns[$0.name, default: 0] >= runs }) {
                        stopping = true
                    }
                    let next = scheduler.finished(record.check)
                    if !stopping { await start(next) }
                }
                if stopping {
                    // No more starts: the timer goes, the running checks end (interrupted when cancelled).
                    if scheduler.running.isEmpty || Task.isCancelled { group.cancelAll() }
                    if scheduler.running.isEmpty { break }
                }
            }
            // Drain what the cancellation ended: every run still going is recorded.
            while let event = await group.next() {
                if case .finished(let record) = event {
                    await finished(record)
                    _ = scheduler.finished(record.check)
                }
            }
        }
    }

    /// A check's limit, as `parley validate` reads it: its `timeout:`, else its interval capped at 10 minutes.
    func timeout(of check: CheckConfig) -> Duration {
        check.effectiveTimeout
    }

    private func finished(_ record: CheckRecord) async {
        var metadata: Logger.Metadata = [
            "check": .string(record.check), "run_id": .string(record.id), "outcome": .string(record.outcome.rawValue),
            "duration_seconds": .stringConvertible(Double(record.duration.components.seconds) + Double(record.duration.components.attoseconds) / 1e18),
        ]
        if let message = record.message { metadata["message"] = .string(message) }
        logger.info("check finished", metadata: metadata)
        for observer in observers { await observer.checkFinished(record) }
    }
}
