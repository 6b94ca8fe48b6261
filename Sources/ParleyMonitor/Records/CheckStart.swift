import Foundation

/// When a check run started, on both clocks: the wall clock for people, the monitor's monotonic
/// clock (`MonotonicClock.now`) for durations and schedules.
public struct CheckStart: Hashable, Sendable {
    public var date: Date
    public var reading: Duration

    /// Creates a start.
    public init(date: Date, reading: Duration) {
        self.date = date
        self.reading = reading
    }
}
