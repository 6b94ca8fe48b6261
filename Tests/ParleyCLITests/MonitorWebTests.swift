import Foundation
import ParleyTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running `parley monitor`, as operators meet it: Debian's `prometheus` scrapes its `/metrics`
/// and answers a PromQL query with each check's series, and Debian's `chromium` loads its status
/// page headless and finds both checks and the failure. scripts/test installs both.
@Suite("parley monitor: /metrics and the status page", .serialized)
struct MonitorWebTests {
    let parley = ProjectPaths.product("parley")

    /// Two checks of one simulator agent, every second: `faq` passes, `broken` waits 1 s for a
    /// phrase the agent never says.
    static func project() throws -> URL {
        try MonitorProject.make(
            checks: [
                "faq: { flows: [faq.flow.yaml], every: 1s, timeout: 20s }",
                "broken: { flows: [broken.flow.yaml], every: 1s, timeout: 20s }",
            ],
            flows: [
                "faq": """
                    flow: Opening hours
                    steps:
                      - send: What are your opening hours?
                      - expect: { reply: { icontains: monday to friday }, within: 10s }

                    """,
                "broken": """
                    flow: A reply the agent never gives
                    steps:
                      - send: What are your opening hours?
                      - expect: { reply: { contains: "a phrase the agent never says" }, within: 1s }

                    """,
            ])
    }

    /// Starts the monitor and reads the port it announced on standard error.
    func startMonitor(in folder: URL) async throws -> (LiveRun, Int) {
        let monitor = try LiveRun(parley, ["monitor", "."], in: folder)
        monitor.killIfRunning(after: .seconds(240))
        return (monitor, try await Self.announcedPort(monitor))
    }

    /// The port a starting `parley monitor` announced on standard error (`metrics http://…`).
    static func announcedPort(_ monitor: LiveRun) async throws -> Int {
        let mark = "metrics http://127.0.0.1:"
        await monitor.readErrors(until: mark)
        guard let range = monitor.errors.range(of: mark), let port = Int(monitor.errors[range.upperBound...].prefix { $0.isNumber }) else {
            monitor.signal(SIGKILL)
            await monitor.finish()
            throw PrometheusServerError(description: "parley monitor announced no address: \(monitor.errors)")
        }
        return port
    }

    /// GETs `url` (nil when it does not answer 200).
    static func get(_ url: String) async -> String? {
        await BlockingGet.text(URL(string: url)!)
    }

    /// Asks `/metrics` until `done` holds of its text, for as long as the monitor runs: its kill
    /// deadline (`killIfRunning`) bounds the wait, however loaded the machine is.
    static func waitForMetrics(port: Int, monitor: LiveRun, until done: (String) -> Bool) async throws -> String {
        var text = ""
        while monitor.process.isRunning {
            text = await get("http://127.0.0.1:\(port)/metrics") ?? ""
            if done(text) { return text }
            try await Task.sleep(for: .milliseconds(100))  // between polls; the wait ends on what /metrics says
        }
        throw PrometheusServerError(description: "the monitor ended before /metrics showed what the test waits for: \(text.prefix(3000))")
    }

    /// Waits until both checks have finished a run: their console lines, printed after /metrics
    /// and the status page heard of the run (the observers' order).
    static func waitForRuns(monitor: LiveRun) async {
        await monitor.readOutput(until: " faq passed ")
        await monitor.readOutput(until: " broken failed ")
    }

    @Test("Prometheus scrapes a running parley monitor; PromQL over its HTTP API returns each check's series")
    func scraped() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (monitor, port) = try await startMonitor(in: folder)
        defer { if monitor.process.isRunning { monitor.signal(SIGKILL) } }
        await Self.waitForRuns(monitor: monitor)
        #expect(await Self.get("http://127.0.0.1:\(port)/healthz") == "ok\n")

        let prometheus = try PrometheusServer(scraping: port)
        defer { prometheus.stop() }
        let up = try await prometheus.query("parley_check_up") { $0.count == 2 }
        #expect(up.map { "\($0.labels["check"] ?? "")=\($0.value)" }.sorted() == ["broken=0", "faq=1"], "\(up)")
        #expect(up.allSatisfy { $0.labels["job"] == "parley" })
        let failed = try await prometheus.query(#"parley_check_runs_total{check="broken",outcome="failed"} > 0"#) { !$0.isEmpty }
        #expect(failed.count == 1)
        let latency = try await prometheus.query(#"parley_check_latency_seconds_count{check="faq",measure="reply_complete"} > 0"#) { !$0.isEmpty }
        #expect(latency.count == 1)

        monitor.signal(SIGTERM)
        #expect(await monitor.finish() == 0, "stderr: \(monitor.errors)")
    }

    @Test("headless Chromium loads the running monitor's status page: both checks, their states and the failure")
    func statusPage() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (monitor, port) = try await startMonitor(in: folder)
        defer { if monitor.process.isRunning { monitor.signal(SIGKILL) } }
        await Self.waitForRuns(monitor: monitor)

        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let url = "http://127.0.0.1:\(port)/"
        let (file, dom) = try await chromium.domAndScreenshot(url, name: "parley-monitor-status-page.png")
        #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(dom.stdout.contains(#"data-check="faq" data-state="up""#), "\(dom.stdout.prefix(3000))")
        #expect(dom.stdout.contains(#"data-check="broken" data-state="down""#))
        #expect(dom.stdout.contains("Last failure"))
        #expect(dom.stdout.contains("broken.flow.yaml:4:5: expected reply containing"))
        #expect(dom.stdout.contains(#"<svg class="trend""#))

        monitor.signal(SIGTERM)
        #expect(await monitor.finish() == 0, "stderr: \(monitor.errors)")
    }

    @Test("a port already taken stops the monitor before any check runs: exit 2 and why")
    func portTaken() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, port) = try await startMonitor(in: folder)
        defer { if first.process.isRunning { first.signal(SIGKILL) } }
        let second = try await CommandRunner(executable: parley, directory: folder).run(["monitor", ".", "--listen", "127.0.0.1:\(port)", "--history", "other.sqlite"])
        #expect(second.status == 2, "\(second.stderr)")
        #expect(second.stderr.contains("parley monitor: cannot listen on 127.0.0.1:\(port): Address already in use"), "\(second.stderr)")
        #expect(second.stdout.isEmpty, "no check ran: \(second.stdout)")
        let bad = try await CommandRunner(executable: parley, directory: folder).run(["monitor", ".", "--listen", "localhost"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--listen must be host:port"), "\(bad.stderr)")
        first.signal(SIGTERM)
        #expect(await first.finish() == 0, "stderr: \(first.errors)")
    }
}
