/// An action a clock will run at a deadline (`MonotonicClock.alarm(at:_:)`); cancel it to take it
/// back. Cancelling after it ran, or twice, does nothing.
public struct ClockAlarm: Sendable {
    private let take: @Sendable () -> Void

    /// An alarm that `cancel` takes back by calling `take`.
    public init(cancel take: @escaping @Sendable () -> Void) {
        self.take = take
    }

    /// Takes the alarm back: its action will not start after this returns (one already running
    /// finishes).
    public func cancel() {
        take()
    }
}
