import ParleyModel
import Testing

/// The one checked conversion of outside numbers: out of range is nil, never a trap (issue 13, point 6).
@Suite("checked number conversions")
struct NumberBoundsTests {
    @Test("whole numbers convert within ±(2^53 − 1); fractions, huge, infinite and NaN values are nil")
    func wholeNumbers() {
        #expect(Int(checked: 0) == 0)
        #expect(Int(checked: 7) == 7)
        #expect(Int(checked: -3) == -3)
        #expect(Int(checked: 9_007_199_254_740_991) == NumberBounds.largestWhole)
        #expect(Int(checked: -9_007_199_254_740_991) == -NumberBounds.largestWhole)
        #expect(Int(checked: 9_007_199_254_740_992) == nil)
        #expect(Int(checked: 2.5) == nil)
        #expect(Int(checked: 1e30) == nil)
        #expect(Int(checked: 1e300) == nil)
        #expect(Int(checked: -1e308) == nil)
        #expect(Int(checked: 99_999_999_999_999_999_999) == nil)
        #expect(Int(checked: .infinity) == nil)
        #expect(Int(checked: -.infinity) == nil)
        #expect(Int(checked: .nan) == nil)
    }

    @Test("seconds convert to a duration up to 100 years, to the millisecond; negative and huge ones are nil")
    func durations() {
        #expect(Duration(checkedSeconds: 0) == .zero)
        #expect(Duration(checkedSeconds: 1.5) == .milliseconds(1500))
        #expect(Duration(checkedSeconds: 0.0004) == .zero)
        #expect(Duration(checkedSeconds: 3_153_600_000) == NumberBounds.longestDuration)
        #expect(Duration(checkedSeconds: 3_153_600_000.5) == nil)
        #expect(Duration(checkedSeconds: -1) == nil)
        #expect(Duration(checkedSeconds: 1e300) == nil)
        #expect(Duration(checkedSeconds: 99_999_999_999_999_999_999) == nil)
        #expect(Duration(checkedSeconds: .infinity) == nil)
        #expect(Duration(checkedSeconds: .nan) == nil)
        #expect(NumberBounds.longestDuration == .seconds(100 * 365 * 86_400))
    }

    @Test("a sum past the longest duration is nil")
    func sums() {
        let half = Duration.seconds(NumberBounds.longestDurationSeconds / 2)
        #expect(half.checkedAdding(half) == NumberBounds.longestDuration)
        #expect(half.checkedAdding(half + .seconds(1)) == nil)
    }

    @Test("the longest duration's nanoseconds fit an Int64, which clocks and HTTP clients convert to")
    func longestFitsNanoseconds() {
        #expect(Double(NumberBounds.longestDurationSeconds) * 1e9 < Double(Int64.max))
        #expect(NumberBounds.longestDuration.flowText == "52560000m")
    }

    @Test("numbers show as written: whole ones without a fraction, others as Swift prints them")
    func show() {
        #expect(NumberBounds.show(12) == "12")
        #expect(NumberBounds.show(0.5) == "0.5")
        #expect(NumberBounds.show(1e300) == "1e+300")
    }
}
