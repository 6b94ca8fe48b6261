@testable import ParleyLog
import Testing

@Suite("log console style")
struct ConsoleStyleTests {
    @Test("durations read as tenths of seconds, minutes past sixty", arguments: [
        (0, "0.0s"), (49, "0.0s"), (50, "0.1s"), (1_249, "1.2s"), (1_250, "1.3s"), (59_949, "59.9s"), (59_950, "1m 0.0s"),
        (123_400, "2m 3.4s"),
    ] as [(Int64, String)])
    func duration(milliseconds: Int64, text: String) {
        #expect(ConsoleStyle.duration(.milliseconds(milliseconds)) == text)
    }

    @Test("timeline clocks are milliseconds, seven wide")
    func clock() {
        #expect(ConsoleStyle.clock(.milliseconds(20)) == "  0.020")
        #expect(ConsoleStyle.clock(.milliseconds(65_432)) == " 65.432")
    }

    @Test("one-line views spell out newlines and other controls, and cut long text")
    func oneLine() {
        #expect(ConsoleStyle.oneLine("a\nb\r\u{1B}[1m") == #"a\nb\r\e[1m"#)
        #expect(ConsoleStyle.oneLine(String(repeating: "x", count: 200), limit: 10) == "xxxxxxxxx…")
    }
}
