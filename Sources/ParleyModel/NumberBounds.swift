/// The bounds every number from outside Parley keeps before it becomes an `Int` or a `Duration`:
/// numbers in flows, `parley.yaml`, agent scripts, connector settings and agents' frames.
///
/// Swift's `Int(_:)` and `.milliseconds(Int64(_:))` trap past their types' ranges, and a trap is a
/// crash, not a verdict. So these conversions go through ``Swift/Int/init(checked:)`` and
/// ``Swift/Duration/init(checkedSeconds:)``, which answer nil instead, and the caller says why:
/// a diagnostic for a file, a protocol violation for an agent.
public enum NumberBounds {
    /// The largest whole number read: 2^53 − 1. Past it a YAML or JSON number (a `Double`) no
    /// longer holds every whole number, so `9007199254740993` would quietly read as another.
    public static let largestWhole = 9_007_199_254_740_991

    /// The longest duration: 100 years of 365 days. Far past any sane timeout or delay, and short
    /// enough that its nanoseconds fit the `Int64` that clocks and HTTP clients convert to.
    public static let longestDuration: Duration = .seconds(longestDurationSeconds)

    /// ``longestDuration`` in seconds.
    public static let longestDurationSeconds: Int64 = 100 * 365 * 86_400

    /// How messages name the longest duration.
    public static let longestDurationText = "100 years (3153600000s)"

    /// How messages name the range of whole numbers.
    public static let wholeRangeText = "-9007199254740991 to 9007199254740991"

    /// How messages show a number as it was read: `1e+30`, `12`, `0.5`.
    public static func show(_ number: Double) -> String {
        if let whole = Int(checked: number) { return String(whole) }
        return String(number)
    }
}
