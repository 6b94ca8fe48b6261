import Foundation
import ParleyModel

/// When a check's slots fall: a fixed interval from the monitor's start, or a cron expression.
public enum SlotRule: Hashable, Sendable {
    case every(Duration)
    case cron(CronExpression)

    /// The rule of `spec`; nil for a cron expression that does not read (the parser reports it).
    public init?(_ spec: ScheduleSpec) {
        switch spec {
        case .every(let interval): self = .every(interval)
        case .cron(let text):
            guard let cron = try? CronExpression(text.value) else { return nil }
            self = .cron(cron)
        }
    }

    /// The first slot after `now` (a monotonic reading; `date` is the wall clock at that reading),
    /// given the previous slot. Intervals keep their rhythm from the first slot; cron slots follow
    /// the wall clock.
    func slot(after previous: Duration, now: Duration, date: Date) -> Duration? {
        switch self {
        case .every(let interval):
            guard interval > .zero else { return nil }
            var next = previous + interval
            if next <= now {
                // Slots missed while the machine slept (or the check ran long) are skipped, not run in a burst.
                let missed = Int(((now - previous) / interval).rounded(.down))
                next = previous + interval * missed
                if next <= now { next += interval }
            }
            return next
        case .cron(let cron):
            return now + .seconds(cron.next(after: date).timeIntervalSince(date))
        }
    }

    /// The first slot of a monitor started at `now`: at once for an interval, the next cron time otherwise.
    func firstSlot(now: Duration, date: Date) -> Duration? {
        switch self {
        case .every: return now
        case .cron(let cron): return now + .seconds(cron.next(after: date).timeIntervalSince(date))
        }
    }
}
