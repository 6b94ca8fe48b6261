import Foundation

extension ScheduleSpec {
    /// The shortest time between two runs: the interval, or the closest two slots of a cron
    /// schedule; nil for a cron expression that does not read (the parser has said why).
    public var shortestInterval: Duration? {
        switch self {
        case .every(let interval):
            return interval
        case .cron(let text):
            guard let cron = try? CronExpression(text.value) else { return nil }
            // Six hundred slots from a fixed start: a schedule firing often repeats its pattern
            // within them, and a rare one (weekly, monthly) spans years of them.
            var slot = cron.next(after: Date(timeIntervalSince1970: 1_704_067_200))  // 2024-01-01 UTC
            var shortest = TimeInterval.infinity
            for _ in 0..<600 {
                let following = cron.next(after: slot)
                shortest = min(shortest, following.timeIntervalSince(slot))
                slot = following
            }
            return .seconds(Int64(shortest))
        }
    }
}

extension CheckConfig {
    /// The longest a run may take when `timeout:` is not written: the interval, at most this.
    public static let longestDefaultTimeout = Duration.seconds(600)

    /// `timeout:`, or the schedule's shortest interval capped at ``longestDefaultTimeout``.
    public var effectiveTimeout: Duration {
        if let timeout { return timeout }
        return min(schedule.shortestInterval ?? Self.longestDefaultTimeout, Self.longestDefaultTimeout)
    }
}
