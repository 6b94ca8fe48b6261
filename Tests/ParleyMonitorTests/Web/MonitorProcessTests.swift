import Foundation
import ParleyModel
import ParleyTesting
import Testing

/// The real `parley monitor` process, seen by the real things: Debian's `prometheus` scrapes its
/// `/metrics` and answers PromQL about its checks, and headless Chromium loads its status page.
@Suite("A running parley monitor, scraped and viewed", .serialized)
struct MonitorProcessTests {
    /// A project with a check that passes and one that fails, every second, against the simulator.
    static func project() throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        try """
            agent: { id: shop, name: Shop }
            timing: { think: 10ms, chunks: 2, chunk_delay: 5ms }
            rules:
              - id: hours
                when: { text: "(?i)hours" }
                play: [run_started, { reply: "Open 9 to 5" }, run_finished]
            """.write(to: folder.appendingPathComponent("shop.agent.yaml"), atomically: true, encoding: .utf8)
        for (name, expected) in [("hours", "9 to 5"), ("midnight", "midnight")] {
            try "flow: \(name)\ntimeout: 2s\nsteps:\n  - send: hours\n  - expect: { reply: { contains: \"\(expected)\" } }\n"
                .write(to: folder.appendingPathComponent("\(name).flow.yaml"), atomically: true, encoding: .utf8)
        }
        try """
            agents:
              shop: { connector: simulator, script: shop.agent.yaml }
            defaults: { agent: shop }
            monitor:
              history: { path: history.sqlite }
              checks:
                hours: { flows: [hours.flow.yaml], every: 1s, timeout: 5s }
                midnight: { flows: [midnight.flow.yaml], every: 1s, timeout: 5s }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Starts the monitor on a free port and waits for the address it prints.
    static func monitor(_ project: URL) async throws -> (process: ChildProcess, port: Int) {
        let port = try FreePort.take()
        let process = try ChildProcess(
            ProjectPaths.product("parley").path, ["monitor", project.path, "--listen", "127.0.0.1:\(port)"], installedBy: "swift build")
        let deadline = ContinuousClock.now + .seconds(60)
        while !process.output().contains("serving /metrics and the status page on http://127.0.0.1:\(port)/") {
            guard process.isRunning, ContinuousClock.now < deadline else {
                process.stop()
                throw ChildProcessError("parley monitor did not start serving: \(process.output()) \(process.log())")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return (process, port)
    }

    @Test("Prometheus scrapes parley monitor: PromQL returns each check's up, runs by outcome and latency histograms; SIGTERM ends it with 0")
    func scraped() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let (monitor, port) = try await Self.monitor(project)
        defer { monitor.stop() }
        let prometheus = try PrometheusScrapeTests.start(scraping: port)
        defer { prometheus.process.stop() }
        let base = "http://127.0.0.1:\(prometheus.port)"

        let up = try await PrometheusScrapeTests.query(
            base, "parley_check_up", until: { $0.count == 2 && $0.allSatisfy { PrometheusScrapeTests.value($0) != "" } },
            prometheus: prometheus.process)
        let byCheck = Dictionary(up.map { (PrometheusScrapeTests.label($0, "check") ?? "", PrometheusScrapeTests.value($0)) }) { first, _ in first }
        #expect(byCheck == ["hours": "1", "midnight": "0"], "\(up)")
        let failed = try await PrometheusScrapeTests.query(
            base, #"parley_check_runs_total{outcome="failed"} > 0"#, until: { !$0.isEmpty }, prometheus: prometheus.process)
        #expect(failed.map { PrometheusScrapeTests.label($0, "check") } == ["midnight"])
        let firstToken = try await PrometheusScrapeTests.query(
            base, #"parley_check_latency_seconds_count{check="hours",measure="first_token"} > 0"#, until: { !$0.isEmpty }, prometheus: prometheus.process)
        #expect(firstToken.count == 1)

        kill(monitor.pid, SIGTERM)
        #expect(try await monitor.exit(within: .seconds(60)) == 0, "\(monitor.log())")
        #expect(monitor.output().contains(" midnight failed "))
    }

    @Test("headless Chromium loads parley monitor's status page: both checks, their states and the failure")
    func viewed() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let (monitor, port) = try await Self.monitor(project)
        defer { monitor.stop() }
        // Both checks have a finished run before the page is loaded.
        let deadline = ContinuousClock.now + .seconds(60)
        while !(monitor.output().contains(" hours passed ") && monitor.output().contains(" midnight failed ")), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let profile = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let chromium = try ChildProcess(
            StatusPageBrowserTests.binary, StatusPageBrowserTests.switches(profile: profile) + ["--dump-dom", "http://127.0.0.1:\(port)/"],
            installedBy: "chromium")
        #expect(try await chromium.exit(within: .seconds(120)) == 0, "chromium: \(chromium.log())")
        let dom = chromium.output()
        #expect(dom.contains(#"data-check="hours" data-state="up""#), "\(dom.prefix(3000))")
        #expect(dom.contains(#"data-check="midnight" data-state="down""#))
        #expect(dom.contains("midnight.flow.yaml:5:5: expected reply containing"), "\(dom.prefix(3000))")
    }
}
