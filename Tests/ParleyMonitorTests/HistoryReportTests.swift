import Foundation
import ParleyModel
import ParleyMonitor
import Testing

@Suite("HistoryReport and HistoryLocation")
struct HistoryReportTests {
    static let noon = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC

    static let entries: [HistoryEntry] = [
        .running(RunningCheck(id: "r3", check: "billing", startedAt: noon.addingTimeInterval(120))),
        .finished(
            CheckRecord(
                id: "r2", check: "faq", startedAt: noon.addingTimeInterval(60), duration: .milliseconds(520), outcome: .failed, flows: 2,
                passedFlows: 1, message: "faq.flow.yaml:7:5: expected a reply\u{1B}[31m\nsecond line",
                turns: [[.firstToken: .milliseconds(250)]], transcript: "{}\n")),
        .finished(CheckRecord(id: "r1", check: "faq", startedAt: noon, duration: .seconds(12.5), outcome: .passed, flows: 2, passedFlows: 2)),
    ]

    @Test("the table: newest first, aligned, one line per run, controls spelt out, running runs shown")
    func table() {
        #expect(
            HistoryReport.table(Self.entries) == """
                STARTED (UTC)        CHECK    OUTCOME  DURATION  FLOWS  MESSAGE
                2026-11-18 11:08:40  billing  running         -
                2026-11-18 11:07:40  faq      failed      0.52s    1/2  faq.flow.yaml:7:5: expected a reply\\e[31m
                2026-11-18 11:06:40  faq      passed     12.50s    2/2
                """)
    }

    @Test("a long message is cut in the table")
    func longMessage() {
        let record = CheckRecord(
            id: "x", check: "c", startedAt: Self.noon, duration: .zero, outcome: .error, message: String(repeating: "m", count: 300))
        let line = HistoryReport.table([.finished(record)]).split(separator: "\n")[1]
        #expect(line.hasSuffix(String(repeating: "m", count: 99) + "…"))
    }

    @Test("JSON: every field, null where a running run has none")
    func json() throws {
        let data = Data(HistoryReport.json(Self.entries).utf8)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.map { $0["id"] as? String } == ["r3", "r2", "r1"])
        #expect(array[0]["outcome"] as? String == "running")
        #expect(array[0]["duration_seconds"] is NSNull)
        #expect(array[1]["outcome"] as? String == "failed")
        #expect(array[1]["started_at"] as? String == "2026-11-18T11:07:40.000Z")
        #expect(array[1]["duration_seconds"] as? Double == 0.52)
        #expect(array[1]["passed_flows"] as? Int == 1)
        #expect(array[1]["message"] as? String == "faq.flow.yaml:7:5: expected a reply\u{1B}[31m\nsecond line")
        #expect(array[1]["latencies"] as? [[String: Double]] == [["first_token": 0.25]])
        #expect(array[1]["transcript"] as? String == "{}\n")
        #expect(array[2]["message"] is NSNull)
        #expect(HistoryReport.json([]) == "[]")
    }

    @Test("the database's path: history: path: beside parley.yaml, else .parley/history.sqlite there")
    func location() {
        let here = SourceLocation(file: "/p/parley.yaml", line: 1, column: 1)
        #expect(HistoryLocation.path(for: nil, projectFile: "/p/parley.yaml") == "/p/.parley/history.sqlite")
        #expect(HistoryLocation.path(for: HistoryConfig(path: .init("state/h.sqlite", at: here)), projectFile: "/p/parley.yaml") == "/p/state/h.sqlite")
        #expect(HistoryLocation.path(for: HistoryConfig(path: .init("/var/lib/parley/h.sqlite", at: here)), projectFile: "/p/parley.yaml") == "/var/lib/parley/h.sqlite")
        #expect(HistoryLocation.path(for: nil, projectFile: nil, folder: "/work") == "/work/.parley/history.sqlite")
        #expect(HistoryLocation.path(for: HistoryConfig(path: .init("../h.sqlite", at: here)), projectFile: "/p/q/parley.yaml") == "/p/h.sqlite")
    }

    @Test("retention defaults to 30 days and 1000 runs per check")
    func retentionDefaults() {
        #expect(HistoryRetention(nil) == HistoryRetention(age: .seconds(30 * 86400), runsPerCheck: 1000))
        #expect(HistoryRetention(HistoryConfig(keep: .seconds(3600))) == HistoryRetention(age: .seconds(3600), runsPerCheck: 1000))
        #expect(HistoryRetention(HistoryConfig(keepRuns: 5)).runsPerCheck == 5)
    }
}
