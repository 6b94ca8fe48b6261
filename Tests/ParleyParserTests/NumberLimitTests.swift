import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// Numbers past what Parley can hold are diagnostics with file:line:column and the reason, never
/// a trap (issue 13, point 6). Before the checked conversion each of these crashed the process.
@Suite("number limits")
struct NumberLimitTests {
    func messages(_ text: String) -> [String] {
        FixturePaths.parse(text).diagnostics.map { "\($0.location): \($0.message)" }
    }

    @Test("timeout: 99999999999999999999s is too long, with the longest allowed")
    func hugeTimeout() {
        #expect(
            messages("flow: Huge\ntimeout: 99999999999999999999s\nsteps:\n  - send: hi\n") == [
                "inline.flow.yaml:2:10: duration 99999999999999999999s is too long; the longest is 100 years (3153600000s)"
            ])
    }

    @Test("repeat: { times: 1e30 } is too large, with the largest allowed")
    func hugeRepeat() {
        #expect(
            messages("flow: Huge\nsteps:\n  - repeat: { times: 1e30, steps: [ { send: hi } ] }\n") == [
                "inline.flow.yaml:3:22: a count must be at most 9007199254740991; got 1e30"
            ])
    }

    @Test("lt: 1e30 is out of range, as are -1e308 and a duration bound past 100 years")
    func hugeBounds() {
        let text = """
            flow: Huge
            steps:
              - send: hi
              - expect: { reply: { text: { lt: 1e30 } } }
              - expect: { tool_call: { args: { gte: -1e308 } } }
              - expect: { reply: Hi, latency: { first_token: { lt: 99999999999999999999s } } }
            """
        let found = messages(text)
        #expect(found.contains("inline.flow.yaml:4:36: bound 1e30 is out of range; a number bound lies within -9007199254740991 to 9007199254740991"))
        #expect(found.contains("inline.flow.yaml:5:41: bound -1e308 is out of range; a number bound lies within -9007199254740991 to 9007199254740991"))
        #expect(found.contains { $0.hasPrefix("inline.flow.yaml:6:") && $0.contains("99999999999999999999s is too long") })
    }

    @Test("huge retries, waits, capture groups and values are refused; 1e400 (infinity) is too")
    func hugeElsewhere() {
        let text = """
            flow: Huge
            vars:
              big: 1e400
            steps:
              - wait: 1000000000000h
              - retry: { attempts: 1e300, steps: [ { send: hi } ] }
              - send: hi
              - capture: { order: { from: reply, regex: "(x)", group: 99999999999999999999 } }
            """
        let found = messages(text)
        #expect(found.contains("inline.flow.yaml:3:8: number 1e400 is out of range; the largest is about 1.8e308"))
        #expect(found.contains("inline.flow.yaml:5:11: duration 1000000000000h is too long; the longest is 100 years (3153600000s)"))
        #expect(found.contains("inline.flow.yaml:6:24: attempts must be at most 9007199254740991; got 1e300"))
        #expect(found.contains { $0.contains("a group number must be at most 9007199254740991; got 99999999999999999999") })
    }

    @Test("the longest duration and the largest count still read")
    func largestAllowed() {
        let text = """
            flow: Largest
            timeout: 52560000m
            steps:
              - repeat: { times: 9007199254740991, steps: [ { send: hi } ] }
              - expect: { reply: { text: { lt: 9007199254740991 } } }
            """
        #expect(messages(text) == [])
    }

    @Test("parley.yaml: a default or agent timeout past 100 years is a project error at its place")
    func projectTimeouts() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parley.yaml").path
        try """
        agents:
          demo: { connector: agui, url: "http://127.0.0.1:1/", timeout: 99999999999999999999s }
        defaults: { agent: demo, timeout: 99999999999999999999s }

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = ProjectParser.parse(path: path)
        #expect(
            result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "2:65: duration 99999999999999999999s is too long; the longest is 100 years (3153600000s)",
                "3:35: duration 99999999999999999999s is too long; the longest is 100 years (3153600000s)",
            ])
    }

    @Test("DurationParser tells a duration that is too long from text that is not one")
    func durationReading() {
        #expect(DurationParser.read("1m30s") == .duration(.seconds(90)))
        #expect(DurationParser.read("99999999999999999999s") == .tooLong)
        #expect(DurationParser.read("52560000m1ms") == .tooLong)
        #expect(DurationParser.read("1e300s") == .invalid)
        #expect(DurationParser.read("99999999999999999999x") == .invalid)
        #expect(DurationParser.parse("99999999999999999999s") == nil)
    }
}
