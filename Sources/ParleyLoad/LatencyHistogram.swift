import Histogram

/// Durations in an HdrHistogram, in microseconds to three significant digits: percentiles over
/// millions of runs in a fixed, small footprint, and histograms that merge exactly.
public struct LatencyHistogram: Equatable, Sendable {
    private var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    /// An empty histogram; it grows to the largest value recorded.
    public init() {}

    /// Records `duration`, rounded to the microsecond (a negative one as zero).
    public mutating func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + (attoseconds + 500_000_000_000) / 1_000_000_000_000
        histogram.record(UInt64(max(0, micros)))
    }

    /// Adds every value of `other`.
    public mutating func add(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
    }

    /// How many values were recorded.
    public var count: Int { Int(histogram.totalCount) }

    /// p50, p90, p99 and the largest value; nil when nothing was recorded.
    public var figures: LatencyFigures? {
        guard histogram.totalCount > 0 else { return nil }
        func micros(_ value: UInt64) -> Duration { .microseconds(Int64(value)) }
        return LatencyFigures(
            count: count, p50: micros(histogram.valueAtPercentile(50)), p90: micros(histogram.valueAtPercentile(90)),
            p99: micros(histogram.valueAtPercentile(99)), max: micros(histogram.maxRecorded))
    }
}
