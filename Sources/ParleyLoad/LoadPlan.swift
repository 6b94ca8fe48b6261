import ParleyModel

/// When a load starts its flow runs, as pure arithmetic on durations from the load's start, so the
/// schedule is tested without a clock and the driver only sleeps until the times it hands out.
public struct LoadPlan: Hashable, Sendable {
    /// How runs are started.
    public enum Model: Hashable, Sendable {
        /// `users` virtual users, each running flows one after another until the end; they start
        /// evenly over `ramp` (all at once when it is zero).
        case closed(users: Int, ramp: Duration)
        /// `perSecond` runs started each second whatever the agent's pace, at most `maxInFlight`
        /// at once: an arrival that finds the cap reached is dropped and counted, not queued, so a
        /// slow agent shows as dropped runs instead of hiding in a growing queue.
        case open(perSecond: Double, maxInFlight: Int)
    }

    public var model: Model
    /// How long new runs are started; runs going at the end finish on their own timeouts.
    public var duration: Duration

    /// A plan; the caller has checked users ≥ 1, rate > 0, a duration > 0 and a ramp ≥ 0.
    public init(model: Model, duration: Duration) {
        self.model = model
        self.duration = duration
    }

    /// When virtual user `index` (from 0) of the closed model starts: user i at ramp × i / users,
    /// so the first starts at once and they are spread evenly; zero in the open model.
    public func userStart(_ index: Int) -> Duration {
        guard case .closed(let users, let ramp) = model, users > 0 else { return .zero }
        return ramp * index / users
    }

    /// When run `index` (from 0) of the open model is due: index / rate seconds, computed from the
    /// start each time so rounding never accumulates; zero in the closed model.
    public func arrival(_ index: Int) -> Duration {
        guard case .open(let perSecond, _) = model, perSecond > 0 else { return .zero }
        return .nanoseconds(Int64((Double(index) * 1e9 / perSecond).rounded()))
    }

    /// How many runs the open model starts before the duration ends (none in the closed model).
    public var arrivals: Int {
        guard case .open(let perSecond, _) = model, perSecond > 0 else { return 0 }
        // The first arrival at or after the end, found from an estimate and corrected by
        // `arrival` itself, so the count agrees with the times to the nanosecond.
        var count = max(0, Int((duration.inSeconds * perSecond).rounded(.down)))
        while count > 0 && arrival(count - 1) >= duration { count -= 1 }
        while arrival(count) < duration { count += 1 }
        return count
    }

    /// The virtual users (the closed model), or the cap on runs at once (the open model): what
    /// progress shows the active users out of.
    public var users: Int {
        switch model {
        case .closed(let users, _): return users
        case .open(_, let maxInFlight): return maxInFlight
        }
    }
}
