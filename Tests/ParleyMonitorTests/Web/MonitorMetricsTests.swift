import Foundation
import ParleyModel
import ParleyMonitor
import ParleyTesting
import Testing

@Suite("MonitorMetrics")
struct MonitorMetricsTests {
    @Test("a check's up, runs by outcome, durations, latencies and last success, by Prometheus' names")
    func counts() async {
        let metrics = MonitorMetrics(checks: ["faq", "billing"])
        for record in WebFixtures.faqRuns + WebFixtures.billingRuns { await metrics.checkFinished(record) }
        let text = Exposition(metrics.exposition())

        #expect(text.value("parley_check_up", ["check": "faq"]) == 1)
        #expect(text.value("parley_check_up", ["check": "billing"]) == 0)
        #expect(text.value("parley_check_runs_total", ["check": "faq", "outcome": "passed"]) == 5)
        #expect(text.value("parley_check_runs_total", ["check": "billing", "outcome": "passed"]) == 1)
        #expect(text.value("parley_check_runs_total", ["check": "billing", "outcome": "failed"]) == 1)
        #expect(text.value("parley_check_runs_total", ["check": "billing", "outcome": "timed_out"]) == 1)
        #expect(text.value("parley_check_runs_total", ["check": "billing", "outcome": "error"]) == 0)
        #expect(text.value("parley_check_duration_seconds_count", ["check": "faq"]) == 5)
        #expect(text.value("parley_check_duration_seconds_bucket", ["check": "faq", "le": "2.5"]) == 5)
        #expect(text.value("parley_check_duration_seconds_bucket", ["check": "faq", "le": "1.0"]) == 0)
        // Two turns a run, each measure once a turn.
        for measure in LatencyMeasure.allCases {
            #expect(text.value("parley_check_latency_seconds_count", ["check": "faq", "measure": measure.rawValue]) == 10)
        }
        let faqEnded = WebFixtures.start.addingTimeInterval(240 + 1.24).timeIntervalSince1970
        #expect(near(text.value("parley_check_last_success_timestamp_seconds", ["check": "faq"]), faqEnded))
        let billingEnded = WebFixtures.start.addingTimeInterval(0.9).timeIntervalSince1970
        #expect(near(text.value("parley_check_last_success_timestamp_seconds", ["check": "billing"]), billingEnded))
    }

    @Test("series exist at zero before the first run; up and the last success come with it")
    func declared() {
        let text = Exposition(MonitorMetrics(checks: ["faq"]).exposition())
        for outcome in CheckOutcome.allCases {
            #expect(text.value("parley_check_runs_total", ["check": "faq", "outcome": outcome.rawValue]) == 0)
        }
        for kind in AlertKind.allCases {
            #expect(text.value("parley_alert_deliveries_total", ["check": "faq", "kind": kind.rawValue]) == 0)
            #expect(text.value("parley_alert_delivery_failures_total", ["check": "faq", "kind": kind.rawValue]) == 0)
        }
        #expect(text.value("parley_check_duration_seconds_count", ["check": "faq"]) == 0)
        #expect(text.value("parley_check_up", ["check": "faq"]) == nil)
        #expect(text.value("parley_check_last_success_timestamp_seconds", ["check": "faq"]) == nil)
    }

    @Test("an interrupted run is counted but leaves up, the durations and the last success alone")
    func interrupted() async {
        let metrics = MonitorMetrics(checks: ["faq"])
        let passed = WebFixtures.faqRuns[0]
        await metrics.checkFinished(passed)
        var cut = WebFixtures.faqRuns[1]
        cut.outcome = .interrupted
        cut.turns = []
        await metrics.checkFinished(cut)
        let text = Exposition(metrics.exposition())
        #expect(text.value("parley_check_up", ["check": "faq"]) == 1)
        #expect(text.value("parley_check_runs_total", ["check": "faq", "outcome": "interrupted"]) == 1)
        #expect(text.value("parley_check_duration_seconds_count", ["check": "faq"]) == 1)
        #expect(near(text.value("parley_check_last_success_timestamp_seconds", ["check": "faq"]), passed.startedAt.timeIntervalSince1970 + 1.2))
    }

    @Test("alerts are counted by check and kind, delivered or not")
    func alerts() {
        let metrics = MonitorMetrics(checks: ["billing"])
        metrics.alert(check: "billing", kind: .failing, delivered: true)
        metrics.alert(check: "billing", kind: .failing, delivered: false)
        metrics.alert(check: "billing", kind: .failing, delivered: false)
        metrics.alert(check: "billing", kind: .recovered, delivered: true)
        let text = Exposition(metrics.exposition())
        #expect(text.value("parley_alert_deliveries_total", ["check": "billing", "kind": "failing"]) == 1)
        #expect(text.value("parley_alert_delivery_failures_total", ["check": "billing", "kind": "failing"]) == 2)
        #expect(text.value("parley_alert_deliveries_total", ["check": "billing", "kind": "recovered"]) == 1)
        #expect(text.value("parley_alert_delivery_failures_total", ["check": "billing", "kind": "recovered"]) == 0)
    }

    @Test("restored from history: up and the last success, not the counters")
    func restored() {
        let metrics = MonitorMetrics(checks: ["faq", "billing"])
        metrics.restore((WebFixtures.billingRuns + WebFixtures.faqRuns).reversed())
        let text = Exposition(metrics.exposition())
        #expect(text.value("parley_check_up", ["check": "faq"]) == 1)
        #expect(text.value("parley_check_up", ["check": "billing"]) == 0)
        #expect(text.value("parley_check_runs_total", ["check": "faq", "outcome": "passed"]) == 0)
        #expect(near(text.value("parley_check_last_success_timestamp_seconds", ["check": "billing"]), WebFixtures.start.timeIntervalSince1970 + 0.9))
    }

    @Test("Debian's promtool accepts the exposition: its parser and its naming lint")
    func promtool() async throws {
        let metrics = MonitorMetrics(checks: ["faq", "billing"])
        for record in WebFixtures.faqRuns + WebFixtures.billingRuns { await metrics.checkFinished(record) }
        metrics.alert(check: "billing", kind: .failing, delivered: false)
        let folder = try ProjectPaths.temporaryFolder()
        let file = folder.appendingPathComponent("metrics.prom")
        defer { try? FileManager.default.removeItem(at: folder) }
        try metrics.exposition().write(to: file, atomically: true, encoding: .utf8)
        // promtool reads the text on standard input; a shell gives it the file.
        let check = try ChildProcess("/bin/sh", ["-c", "/usr/bin/promtool check metrics < \"$0\"", file.path], installedBy: "dash")
        let status = try await check.exit(within: .seconds(60))
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/promtool"), "scripts/test installs Debian's prometheus, which has promtool")
        #expect(status == 0, "promtool: \(check.output()) \(check.log())")
    }
}

/// Times in seconds since the epoch, equal to the millisecond (the text format rounds doubles).
private func near(_ value: Double?, _ expected: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) < 0.001
}
