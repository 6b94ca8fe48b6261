/// The one checked conversion of seconds read from outside to a `Duration` (``NumberBounds``).
extension Duration {
    /// `seconds` as a duration, rounded to the millisecond, or nil when it is not finite, is
    /// negative, or is longer than ``NumberBounds/longestDuration``. Never traps.
    public init?(checkedSeconds seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds <= Double(NumberBounds.longestDurationSeconds) else { return nil }
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// `self + other`, or nil when the sum is longer than ``NumberBounds/longestDuration``; both
    /// are expected to be within it already, so the sum itself cannot overflow.
    public func checkedAdding(_ other: Duration) -> Duration? {
        let sum = self + other
        return sum <= NumberBounds.longestDuration ? sum : nil
    }
}
