/// The percentiles a load reports of one measure. HdrHistogram clamps every percentile to the
/// largest value recorded, so p50 ≤ p90 ≤ p99 ≤ max always holds.
public struct LatencyFigures: Hashable, Sendable {
    public var count: Int
    public var p50: Duration
    public var p90: Duration
    public var p99: Duration
    public var max: Duration

    /// Figures as given.
    public init(count: Int, p50: Duration, p90: Duration, p99: Duration, max: Duration) {
        self.count = count
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
    }
}
