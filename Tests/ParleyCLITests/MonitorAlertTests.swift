import Foundation
import ParleyTesting
import Testing

/// `parley monitor` against an agent served by `parley serve`, taken away and brought back on the
/// same port: a webhook receiver (a real server on 127.0.0.1) sees exactly one alert when the check
/// has failed twice in a row and exactly one when it passes again, signed, however many runs there
/// were in between; and SIGTERM stops the monitor with exit 0.
@Suite("parley monitor: alerts")
struct MonitorAlertTests {
    let executable = ProjectPaths.product("parley")

    static func lines(_ file: URL) -> [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Reads `run`'s output until `count` lines hold `text`.
    static func wait(_ run: LiveRun, for text: String, count: Int = 1) async {
        await run.readOutput(until: text, count: count)
    }

    static func serve(_ executable: URL, script: URL, port: Int) async throws -> ReadyServer {
        try await ReadyServer.start(executable: executable, arguments: ["serve", "--port", "\(port)", "--agent-script", script.path])
    }

    @Test("one alert after two failures in a row, one on recovery, nothing else; SIGTERM exits 0")
    func outage() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/monitor")
        let script = project.appendingPathComponent("agents/ping.agent.yaml")
        var agent = try await Self.serve(executable, script: script, port: 0)
        defer { agent.stop() }
        let port = try #require(URL(string: agent.url)?.port)
        let bodies = folder.appendingPathComponent("alerts.txt")
        let hook = try await HookServer(bodies: bodies)
        defer { hook.stop() }
        let config = project.appendingPathComponent("parley.yaml")
        try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(of: "AGENT_URL", with: agent.url)
            .replacingOccurrences(of: "HOOK_URL", with: "http://127.0.0.1:\(hook.port)/hook")
            .write(to: config, atomically: true, encoding: .utf8)
        let key = "monitor-test-key-\(UUID().uuidString)"
        setenv("PARLEY_TEST_HOOK_KEY", key, 1)
        let monitor = try LiveRun(executable, ["monitor", ".", "--log-level", "info"], in: project)
        defer { if monitor.process.isRunning { monitor.signal(SIGKILL) } }
        // A monitor that stops printing fails the test (its output ends) instead of hanging it.
        monitor.killIfRunning(after: .seconds(120))
        let monitorPort = try await MonitorWebTests.announcedPort(monitor)

        await Self.wait(monitor, for: " ping passed ", count: 2)
        agent.stop()
        // Down: the check fails; the alert goes out after the second failure in a row.
        await Self.wait(monitor, for: " ping failed ", count: 3)
        agent = try await Self.serve(executable, script: script, port: port)
        let passedBefore = monitor.output.components(separatedBy: " ping passed ").count - 1
        await Self.wait(monitor, for: " ping passed ", count: passedBefore + 2)
        // /metrics counts both deliveries (they go out in the background: asked until they show).
        let counted = try await MonitorWebTests.waitForMetrics(port: monitorPort, monitor: monitor) {
            $0.contains(#"parley_alert_deliveries_total{check="ping",kind="recovered"} 1"#)
        }
        #expect(counted.contains(#"parley_alert_deliveries_total{check="ping",kind="failing"} 1"#), "\(counted)")
        #expect(counted.contains(#"parley_alert_delivery_failures_total{check="ping",kind="failing"} 0"#), "\(counted)")
        monitor.signal(SIGTERM)
        let status = await monitor.finish()
        #expect(status == 0, "stdout: \(monitor.output)\nstderr: \(monitor.errors)")

        let alerts = Self.lines(bodies).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(alerts.map { $0["type"] as? String } == ["parley.check.failing", "parley.check.recovered"], "\(Self.lines(bodies))")
        #expect(alerts.first?["check"] as? String == "ping")
        #expect(alerts.first?["consecutive_failures"] as? Int == 2)
        #expect((alerts.first?["message"] as? String)?.contains("ping.flow.yaml") == true, "\(alerts.first ?? [:])")
        #expect(alerts.last?["outcome"] as? String == "passed")
        let signatures = Self.lines(URL(fileURLWithPath: bodies.path + ".signatures"))
        #expect(signatures.count == 2 && signatures.allSatisfy { $0.hasPrefix("sha256=") && $0.count == 71 }, "\(signatures)")
        // Every run is one line: the failures in between alerted nothing more.
        let failed = monitor.output.components(separatedBy: " ping failed ").count - 1
        #expect(failed >= 3, "\(monitor.output)")
        #expect(monitor.errors.contains("check is failing; alerting"), "\(monitor.errors)")
        #expect(monitor.errors.contains("alert delivered"), "\(monitor.errors)")
        #expect(!(monitor.output + monitor.errors).contains(key), "the webhook's secret is never printed")
    }
}
