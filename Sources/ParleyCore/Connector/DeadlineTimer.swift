import Foundation

/// Ticks a pure state machine at its deadlines: sleeps on the run's clock until the next one, and
/// wakes early when poked, because an input may have moved the deadline. The connectors' sessions
/// share it (PolyAI's resends and turn ends, CometChat's late persisted replies).
public final class DeadlineTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var wake = WakeSignal()

    /// A timer not yet running.
    public init() {}

    /// The deadline may have moved: look again.
    public func poke() {
        lock.withLock { wake }.fire()
    }

    /// Until the task is cancelled: reads `deadline` (nil: none), sleeps until it or a poke, and
    /// calls `tick` with the clock's reading once the deadline has passed.
    public func run(
        clock: any MonotonicClock, deadline: @Sendable () -> Duration?, tick: @Sendable (Duration) async -> Void
    ) async {
        while !Task.isCancelled {
            // A fresh signal before reading the deadline: a poke after the read wakes this round.
            let signal = lock.withLock { () -> WakeSignal in
                wake = WakeSignal()
                return wake
            }
            let due = deadline()
            do {
                try await clock.sleep(until: due, orUntil: signal)
            } catch {
                return
            }
            let now = clock.now
            if let due, now >= due { await tick(now) }
        }
    }
}
