import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

@Suite("parley.yaml: monitor")
struct MonitorConfigParserTests {
    static func parse(_ text: String) throws -> ProjectParser.Result {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parley.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return ProjectParser.parse(path: path)
    }

    static func messages(_ result: ProjectParser.Result) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    static let agents = """
        agents:
          demo: { connector: simulator, script: demo.agent.yaml }

        """

    @Test("checks, schedules, history and alerts are read with their defaults left unset")
    func reads() throws {
        let result = try Self.parse(Self.agents + """
            monitor:
              listen: 127.0.0.1:0
              concurrency: 2
              history: { path: h.sqlite, keep: 30d, keep_runs: 50 }
              alerts:
                after: 3
                webhook: { url: "http://127.0.0.1:9/hook", format: slack, secret: s3cr3t }
              checks:
                faq: { flows: [faq.flow.yaml], tags: health, agent: demo, every: 5m, jitter: 10s, timeout: 1m }
                nightly: { cron: "0 3 * * *" }
            """)
        #expect(Self.messages(result) == [])
        let monitor = try #require(result.config?.monitor)
        #expect(monitor.listen?.value == "127.0.0.1:0")
        #expect(monitor.concurrency == 2)
        #expect(monitor.history == HistoryConfig(path: monitor.history?.path, keep: .seconds(30 * 86400), keepRuns: 50))
        #expect(monitor.history?.path?.value == "h.sqlite")
        #expect(monitor.alerts?.after == 3)
        #expect(monitor.alerts?.webhook.map(\.name) == ["url", "format", "secret"])
        #expect(monitor.checks.map(\.name) == ["faq", "nightly"])
        let faq = monitor.checks[0]
        #expect(faq.flows.map(\.value) == ["faq.flow.yaml"])
        #expect(faq.tags == ["health"])
        #expect(faq.agent?.value == "demo")
        #expect(faq.schedule == .every(.seconds(300)))
        #expect(faq.jitter == .seconds(10))
        #expect(faq.timeout == .seconds(60))
        guard case .cron(let cron) = monitor.checks[1].schedule else {
            Issue.record("nightly is a cron check")
            return
        }
        #expect(cron.value == "0 3 * * *")
    }

    @Test("every mistake is located, with a did-you-mean where one helps")
    func mistakes() throws {
        let result = try Self.parse(Self.agents + """
            monitor:
              listn: 127.0.0.1:9464
              listen: localhost
              alerts:
                after: 0
                webhook: { url: "http://127.0.0.1:9/hook", on: [failure], formt: slack }
              checks:
                faq: { flows: faq.flow.yaml, agent: dmeo, evry: 5m }
                both: { every: 5m, cron: "* * * * *" }
                badcron: { cron: "61 * * * *" }
                fast: { every: 100ms }
            """)
        #expect(Self.messages(result).sorted(by: Self.byPlace) == [
            "4:3: unknown key 'listn' in 'monitor'; did you mean 'listen'?",
            "5:11: 'listen' must be host:port, like 127.0.0.1:9464 or 0.0.0.0:9464 (port 0: any free port); got 'localhost'",
            "7:12: expected 'after' (a whole number of at least 1), got a number",
            "8:48: 'on' does not apply to alerts: a check alerts once when it starts failing and once when it recovers",
            "8:63: unknown key 'formt' in 'alerts: webhook'; did you mean 'format'?",
            "10:5: check 'faq' needs 'every' (like 5m) or 'cron' (like \"*/5 * * * *\")",
            "10:41: check 'faq' names agent 'dmeo', which is not defined under 'agents:'; did you mean 'demo'?",
            "10:47: unknown key 'evry' in check 'faq'; did you mean 'every'?",
            "11:24: check 'both' has both 'every' and 'cron'; keep one",
            "12:22: the minute 61 is out of range (0-59)",
            "13:20: 'every' must be at least 1s; got 0.1 seconds",
        ])
    }

    static func byPlace(_ a: String, _ b: String) -> Bool {
        let place = { (text: String) -> (Int, Int) in
            let parts = text.split(separator: ":")
            return (Int(parts[0]) ?? 0, Int(parts[1]) ?? 0)
        }
        return place(a) < place(b)
    }
}
