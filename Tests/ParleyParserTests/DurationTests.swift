import ParleyModel
import ParleyParser
import Testing

/// `DurationParser`: the duration strings flows may write, and the shortest way to write one back.
@Suite("durations")
struct DurationTests {
    @Test(
        "valid durations",
        arguments: [
            ("250ms", Duration.milliseconds(250)),
            ("5s", .seconds(5)),
            ("2m", .seconds(120)),
            ("1h", .seconds(3600)),
            ("1m30s", .seconds(90)),
            ("1h2m3s", .seconds(3723)),
            ("1s500ms", .milliseconds(1500)),
            ("1.5s", .milliseconds(1500)),
            (".5s", .milliseconds(500)),
            ("0s", .zero),
            ("0ms", .zero),
            ("  5s ", .seconds(5)),
            ("90s", .seconds(90)),
            // Days, for history retention (`keep: 30d`): 24 hours each.
            ("1d", .seconds(86400)),
            ("30d", .seconds(30 * 86400)),
        ])
    func valid(text: String, expected: Duration) {
        #expect(DurationParser.parse(text) == expected)
    }

    @Test(
        "strings that are not durations",
        arguments: [
            "", " ", "5", "fast", "s", "ms", "5S", "5 s", "5sec", "5 seconds", "1m30", "-5s", "+5s", "1..5s", "5s5",
            "1w", "five s", "5s!", "٥s",
        ])
    func invalid(text: String) {
        #expect(DurationParser.parse(text) == nil)
    }

    @Test(
        "durations written back in their shortest form",
        arguments: [
            (Duration.milliseconds(250), "250ms"),
            (.seconds(5), "5s"),
            (.seconds(120), "2m"),
            (.seconds(90), "90s"),
            (.milliseconds(1500), "1.5s"),
            (.seconds(3600), "60m"),
            (.zero, "0s"),
        ])
    func format(duration: Duration, expected: String) {
        #expect(DurationParser.format(duration) == expected)
    }

    @Test("formatting then parsing gives the same duration", arguments: ["250ms", "5s", "2m", "1m30s", "1.25s", "45m"])
    func roundTrip(text: String) throws {
        let duration = try #require(DurationParser.parse(text))
        #expect(DurationParser.parse(DurationParser.format(duration)) == duration)
    }

    @Test(
        "a flow reports a word that is not a duration where it is written",
        arguments: [
            ("flow: f\ntimeout: soon\nsteps:\n  - send: hi\n", "2:10"),
            ("flow: f\nsteps:\n  - expect: { reply: hi, within: soon }\n", "3:34"),
            ("flow: f\nsteps:\n  - expect_no: { reply: hi, for: soon }\n", "3:34"),
            ("flow: f\nsteps:\n  - wait: soon\n", "3:11"),
            ("flow: f\nsteps:\n  - retry: { delay: soon, steps: [{ send: hi }] }\n", "3:21"),
        ])
    func wrongTypeInFlow(text: String, at lineColumn: String) {
        let parsed = FixturePaths.parse(text)
        #expect(parsed.diagnostics.map(\.message) == ["expected a duration like 5s, 250ms or 2m, got 'soon'"])
        #expect(parsed.diagnostics.first?.location.lineColumn == lineColumn)
    }

    @Test("a number is not a duration: the unit is required")
    func bareNumber() {
        let parsed = FixturePaths.parse("flow: f\nsteps:\n  - wait: 5\n")
        #expect(parsed.diagnostics.map(\.message) == ["expected a duration like 5s, 250ms or 2m, got a number"])
    }
}
