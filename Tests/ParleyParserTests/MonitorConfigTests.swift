import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// `monitor:` in parley.yaml: read into `MonitorConfig`, every mistake at its line and column.
@Suite("monitor: in parley.yaml")
struct MonitorConfigTests {
    /// Parses `text` as a parley.yaml in a fresh folder.
    private func parse(_ text: String) throws -> ProjectParser.Result {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parley.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return ProjectParser.parse(path: path)
    }

    /// `line:column: message` of each diagnostic, in file order (as `parley validate` shows them).
    private func messages(_ text: String) throws -> [String] {
        try parse(text).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }.sortedByPlace()
    }

    private let agents = """
        agents:
          demo: { connector: simulator, script: demo.agent.yaml }
          staging: { connector: agui, url: "https://agents.example.com/" }
        defaults: { agent: demo }

        """

    @Test("the plan's example reads into every field")
    func fullExample() throws {
        let result = try parse(
            agents + """
                monitor:
                  listen: 127.0.0.1:9464
                  concurrency: 4
                  history: { path: .parley/history.sqlite, keep: 30d, keep_runs: 1000 }
                  alerts:
                    after: 2
                    webhook: { url: "${env.ALERT_URL}", format: slack, secret: "${secret.HOOK_KEY}", retries: 3 }
                  checks:
                    faq:
                      flows: [11-health-check.flow.yaml]
                      tags: [health]
                      agent: demo
                      every: 5m
                      jitter: 10s
                      timeout: 1m
                    nightly:
                      flows: smoke
                      exclude_tags: slow
                      cron: "0 3 * * MON-FRI"

                """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let monitor = try #require(result.config?.monitor)
        #expect(monitor.listen?.value == "127.0.0.1:9464")
        #expect(monitor.concurrency == 4)
        #expect(monitor.history == HistoryConfig(path: monitor.history?.path, keep: .seconds(30 * 86_400), keepRuns: 1000))
        #expect(monitor.history?.path?.value == ".parley/history.sqlite")
        #expect(monitor.alerts?.after == 2)
        #expect(monitor.alerts?.webhook.map(\.name) == ["url", "format", "secret", "retries"])
        #expect(monitor.location.line == 5)
        #expect(monitor.checks.map(\.name) == ["faq", "nightly"])
        let faq = monitor.checks[0]
        #expect(faq.flows.map(\.value) == ["11-health-check.flow.yaml"])
        #expect(faq.flows[0].location.line == 14)
        #expect(faq.tags == ["health"])
        #expect(faq.agent?.value == "demo")
        #expect(faq.schedule == .every(.seconds(300)))
        #expect(faq.jitter == .seconds(10))
        #expect(faq.timeout == .seconds(60))
        #expect(faq.location == SourceLocation(file: faq.location.file, line: 13, column: 5))
        let nightly = monitor.checks[1]
        #expect(nightly.flows.map(\.value) == ["smoke"])
        #expect(nightly.excludeTags == ["slow"])
        guard case .cron(let cron) = nightly.schedule else {
            Issue.record("expected a cron schedule, got \(nightly.schedule)")
            return
        }
        #expect(cron.value == "0 3 * * MON-FRI")
        #expect(cron.location.line == 23)
    }

    @Test("a parley.yaml without monitor: has none; the only required key is checks:")
    func minimal() throws {
        #expect(try parse(agents).config?.monitor == nil)
        let result = try parse(agents + "monitor:\n  checks:\n    faq: { flows: [a.flow.yaml], every: 30s }\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.config?.monitor?.checks.first?.schedule == .every(.seconds(30)))
        #expect(result.config?.monitor?.listen == nil)
        #expect(result.config?.monitor?.history == nil)
    }

    @Test("unknown keys at every level, each with its did-you-mean")
    func unknownKeys() throws {
        let found = try messages(
            agents + """
                monitor:
                  concurrancy: 2
                  history: { paht: h.sqlite }
                  alerts: { afer: 3, webhook: { url: "http://127.0.0.1:1/", fromat: slack } }
                  checks:
                    faq: { flow: [a.flow.yaml], every: 5m, jiter: 1s }
                monitr: {}

                """)
        #expect(
            found == [
                "6:3: unknown key 'concurrancy' in 'monitor'; did you mean 'concurrency'?",
                "7:14: unknown key 'paht' in 'history'; did you mean 'path'?",
                "8:13: unknown key 'afer' in 'alerts'; did you mean 'after'?",
                "8:61: unknown key 'fromat' in the alerts' webhook; did you mean 'format'?",
                "10:5: check 'faq' needs 'flows:' (flow files or folders, relative to parley.yaml)",
                "10:12: unknown key 'flow' in check 'faq'; did you mean 'flows'?",
                "10:44: unknown key 'jiter' in check 'faq'; did you mean 'jitter'?",
                "11:1: unknown key 'monitr' in parley.yaml; did you mean 'monitor'?",
            ], "\(found)")
    }

    @Test("schedule mistakes: neither, both, zero, not a duration")
    func schedules() throws {
        let found = try messages(
            agents + """
                monitor:
                  checks:
                    none: { flows: a.flow.yaml }
                    both: { flows: a.flow.yaml, every: 5m, cron: "* * * * *" }
                    zero: { flows: a.flow.yaml, every: 0s }
                    word: { flows: a.flow.yaml, every: often, timeout: 0s }

                """)
        #expect(
            found == [
                "7:5: check 'none' needs 'every:' (like 5m) or 'cron:' (like \"*/5 * * * *\", in UTC)",
                "8:44: check 'both' has both 'every:' and 'cron:'; give one",
                "9:40: check 'zero': 'every' must be longer than 0",
                "10:40: expected a duration like 5s, 250ms or 2m, got 'often'",
                "10:56: check 'word': 'timeout' must be longer than 0",
            ], "\(found)")
    }

    @Test("a cron mistake points at the field inside the quotes, plain or quoted")
    func cronLocations() throws {
        let found = try messages(
            agents + """
                monitor:
                  checks:
                    quoted: { flows: a.flow.yaml, cron: "0 25 * * *" }
                    plain:
                      flows: a.flow.yaml
                      cron: 0 0 * JAM *
                    short: { flows: a.flow.yaml, cron: '*/5 * * *' }

                """)
        #expect(
            found == [
                "7:44: check 'quoted': 25 is out of range for the hour field (0–23)",
                "10:19: check 'plain': expected a number from 1 to 12 or JAN–DEC in the month field; got 'JAM'",
                "11:41: check 'short': expected 5 cron fields (minute hour day-of-month month day-of-week); got 4",
            ], "\(found)")
    }

    @Test("an unknown agent gets a did-you-mean from agents:")
    func unknownAgent() throws {
        let found = try messages(agents + "monitor:\n  checks:\n    faq: { flows: a.flow.yaml, every: 1m, agent: stagin }\n")
        #expect(found == ["7:50: check 'faq': unknown agent 'stagin' ('agents:' defines demo, staging); did you mean 'staging'?"])
    }

    @Test("listen:, concurrency:, history: and alerts: values are checked where they are written")
    func values() throws {
        let found = try messages(
            agents + """
                monitor:
                  listen: localhost
                  concurrency: 0
                  history: { path: "", keep: forever, keep_runs: 0 }
                  alerts: { after: 0, webhook: { format: slack, on: [failure] } }
                  checks:
                    "bad name": { flows: [], every: 1m }

                """)
        #expect(
            found == [
                "6:11: 'listen' expects host:port, like 127.0.0.1:9464 or [::1]:9464 (port 0 picks a free port); got 'localhost'",
                "7:16: expected 'concurrency' (a whole number of at least 1), got a number",
                "8:20: 'history' path is empty",
                "8:30: expected an age like 30d, 12h or 90m, got 'forever'",
                "8:50: expected 'keep_runs' (a whole number of at least 1), got a number",
                "9:20: expected 'after' (a whole number of at least 1), got a number",
                "9:32: the alerts' webhook needs 'url'",
                "9:49: 'on' does not apply to alerts: an alert is one POST when a check starts failing and one when it recovers",
                "11:5: 'bad name' is not a valid check name: use ASCII letters, digits, '_' or '-', starting with a letter",
            ], "\(found)")
    }

    @Test("listen: accepts host:port, [IPv6]:port and port 0; refuses a bare IPv6, a port past 65535, no host")
    func listenParts() {
        #expect(ProjectParser.listenParts("127.0.0.1:9464")! == ("127.0.0.1", 9464))
        #expect(ProjectParser.listenParts("0.0.0.0:0")! == ("0.0.0.0", 0))
        #expect(ProjectParser.listenParts("[::1]:9464")! == ("::1", 9464))
        #expect(ProjectParser.listenParts("monitor.internal:80")! == ("monitor.internal", 80))
        #expect(ProjectParser.listenParts("::1:9464") == nil)
        #expect(ProjectParser.listenParts("127.0.0.1:65536") == nil)
        #expect(ProjectParser.listenParts(":9464") == nil)
        #expect(ProjectParser.listenParts("127.0.0.1:") == nil)
        #expect(ProjectParser.listenParts("127.0.0.1:-1") == nil)
    }

    @Test("shapes: monitor:, checks: and a check must be mappings; checks: must name one")
    func shapes() throws {
        #expect(try messages(agents + "monitor: [faq]\n") == [
            "5:10: expected a mapping with 'checks:' and, optionally, 'listen:', 'concurrency:', 'history:' and 'alerts:', got a list"
        ])
        #expect(try messages(agents + "monitor: { listen: 127.0.0.1:0 }\n") == [
            "5:1: 'monitor' needs 'checks:', e.g. { faq: { flows: [health.flow.yaml], every: 5m } }"
        ])
        #expect(try messages(agents + "monitor: { checks: {} }\n") == ["5:20: 'checks:' names no check; give at least one"])
        #expect(try messages(agents + "monitor: { checks: { faq: 5m } }\n") == [
            "5:27: expected a check: a mapping with 'flows:' and 'every:' or 'cron:', got '5m'"
        ])
    }

    @Test("keep: reads whole days and durations")
    func retention() throws {
        for (text, seconds) in [("30d", 30 * 86_400), ("12h", 12 * 3600), ("90m", 5400), ("1d", 86_400)] {
            let result = try parse(agents + "monitor:\n  history: { keep: \(text) }\n  checks: { faq: { flows: a.flow.yaml, every: 1m } }\n")
            #expect(result.diagnostics.isEmpty)
            #expect(result.config?.monitor?.history?.keep == .seconds(seconds))
        }
    }
}

extension Array where Element == String {
    /// `line:column: …` strings in file order, the order diagnostics of different passes are shown.
    fileprivate func sortedByPlace() -> [String] {
        func place(_ text: String) -> (Int, Int) {
            let parts = text.split(separator: ":")
            return (Int(parts[0]) ?? 0, Int(parts[1]) ?? 0)
        }
        return sorted { place($0) < place($1) }
    }
}
