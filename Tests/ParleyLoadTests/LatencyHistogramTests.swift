import ParleyLoad
import Testing

/// Percentiles from the HdrHistogram, at microsecond precision.
struct LatencyHistogramTests {
    @Test("1…100 ms give p50 50 ms, p90 90 ms, p99 99 ms and max 100 ms, within the histogram's 0.1 %")
    func percentiles() throws {
        var histogram = LatencyHistogram()
        for value in (1...100).reversed() { histogram.record(.milliseconds(value)) }
        let figures = try #require(histogram.figures)
        #expect(figures.count == 100)
        func near(_ value: Duration, _ millis: Int) -> Bool {
            abs((value - .milliseconds(millis)) / .microseconds(1)) <= Double(millis)  // 1 µs per ms is 0.1 %
        }
        #expect(near(figures.p50, 50))
        #expect(near(figures.p90, 90))
        #expect(near(figures.p99, 99))
        #expect(figures.max == .milliseconds(100))
    }

    @Test("values below a few milliseconds keep the microsecond; sub-microsecond values round to it")
    func microsecondPrecision() throws {
        var histogram = LatencyHistogram()
        histogram.record(.microseconds(1234))
        histogram.record(.nanoseconds(1_499))
        let figures = try #require(histogram.figures)
        #expect(figures.max == .microseconds(1234))
        #expect(figures.p50 == .microseconds(1))
    }

    @Test("one value is every percentile; percentiles never pass the largest value")
    func ordered() throws {
        var one = LatencyHistogram()
        one.record(.milliseconds(1500))
        let single = try #require(one.figures)
        #expect(single.p50 == single.max && single.p99 == single.max)
        var many = LatencyHistogram()
        for index in 0..<1000 { many.record(.microseconds(index * index % 9973 + 17)) }
        let figures = try #require(many.figures)
        #expect(figures.p50 <= figures.p90 && figures.p90 <= figures.p99 && figures.p99 <= figures.max)
    }

    @Test("an empty histogram has no figures; merging adds the counts")
    func merge() {
        var first = LatencyHistogram()
        #expect(first.figures == nil)
        first.record(.milliseconds(1))
        var second = LatencyHistogram()
        second.record(.milliseconds(9))
        first.add(second)
        #expect(first.count == 2)
        #expect(first.figures?.max == .milliseconds(9))
    }
}
