import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel
import ParleyMonitor
import ParleyTesting
import Testing

/// Debian's `prometheus` scrapes the monitor's `/metrics` and answers PromQL over its HTTP API.
@Suite("Prometheus scrapes the monitor", .serialized)
struct PrometheusScrapeTests {
    static let binary = "/usr/bin/prometheus"

    @Test("a PromQL query over Prometheus' HTTP API returns each check's series")
    func scraped() async throws {
        let (metrics, board) = await MonitorServerTests.parts()
        try await withMonitorServer(metrics: metrics, board: board) { port in
            let prometheus = try Self.start(scraping: port)
            defer {
                prometheus.process.stop()
                try? FileManager.default.removeItem(at: prometheus.folder)
            }
            let base = "http://127.0.0.1:\(prometheus.port)"

            // Ready when the API answers; the series appear after the first scrape (1 s apart).
            let up = try await Self.query(base, "parley_check_up", until: { $0.count == 2 }, prometheus: prometheus.process)
            let byCheck = Dictionary(up.map { (Self.label($0, "check") ?? "", Self.value($0)) }) { first, _ in first }
            #expect(byCheck == ["faq": "1", "billing": "0"])
            #expect(up.allSatisfy { Self.label($0, "job") == "parley" && Self.label($0, "instance") == "127.0.0.1:\(port)" })

            let failed = try await Self.query(base, #"parley_check_runs_total{outcome="failed"}"#, until: { !$0.isEmpty }, prometheus: prometheus.process)
            #expect(failed.map { Self.label($0, "check") ?? "" }.sorted() == ["billing", "faq"])
            #expect(failed.first { Self.label($0, "check") == "billing" }.map(Self.value) == "1")

            // The histograms are whole families to Prometheus: a quantile over the buckets works.
            let quantile = try await Self.query(
                base, #"histogram_quantile(0.5, parley_check_latency_seconds_bucket{check="faq",measure="reply_complete"})"#,
                until: { !$0.isEmpty }, prometheus: prometheus.process)
            let median = Double(quantile.first.map(Self.value) ?? "") ?? -1
            #expect(median > 0.25 && median <= 0.5, "the median reply_complete of 0.4 s and 0.5 s turns falls in the (0.25, 0.5] bucket: \(median)")

            // A run that finishes now shows at a later scrape.
            await metrics.checkFinished(
                CheckRecord(id: "new", check: "billing", startedAt: Date(), duration: .seconds(1), outcome: .passed, flows: 1, passedFlows: 1))
            let recovered = try await Self.query(
                base, #"parley_check_up{check="billing"}"#, until: { $0.first.map(Self.value) == "1" }, prometheus: prometheus.process)
            #expect(recovered.count == 1)
        }
    }

    /// Prometheus with a config of one job scraping 127.0.0.1:`port` every second, its storage and
    /// its own listener (a free port of 127.0.0.1) in a temporary folder.
    static func start(scraping port: Int) throws -> (process: ChildProcess, port: Int, folder: URL) {
        let folder = try ProjectPaths.temporaryFolder()
        let config = folder.appendingPathComponent("prometheus.yml")
        try """
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: parley
                static_configs:
                  - targets: ["127.0.0.1:\(port)"]
            """.write(to: config, atomically: true, encoding: .utf8)
        let listen = try FreePort.take()
        let process = try ChildProcess(
            binary,
            [
                "--config.file=\(config.path)", "--storage.tsdb.path=\(folder.appendingPathComponent("data").path)",
                "--web.listen-address=127.0.0.1:\(listen)", "--log.level=warn",
            ], installedBy: "prometheus")
        return (process, listen, folder)
    }

    /// Asks `/api/v1/query` until `done` holds for the result vector, or 180 s pass (a bound on a
    /// hang, not a timing goal): then the last answer and Prometheus' log go in the failure.
    static func query(
        _ base: String, _ promql: String, until done: ([JSONValue]) -> Bool, prometheus: ChildProcess
    ) async throws -> [JSONValue] {
        var components = URLComponents(string: base + "/api/v1/query")!
        components.queryItems = [URLQueryItem(name: "query", value: promql)]
        let url = components.url!.absoluteString
        let deadline = ContinuousClock.now + .seconds(180)
        var last = "no answer"
        while ContinuousClock.now < deadline {
            guard prometheus.isRunning else { throw ChildProcessError("prometheus exited: \(prometheus.log())") }
            if let response = try? await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10)),
                let body = try? await response.body.collect(upTo: 1 << 20)
            {
                last = String(buffer: body)
                if response.status == .ok, let json = try? JSONValue(parsing: last), case .array(let result)? = json["data"]?["result"], done(result) {
                    return result
                }
            }
            // Polling a real server: the next scrape is at most a second away.
            try await Task.sleep(for: .milliseconds(200))
        }
        throw ChildProcessError("\(promql): no wanted answer within 180 s; last: \(last.prefix(600)); prometheus: \(prometheus.log())")
    }

    static func label(_ series: JSONValue, _ name: String) -> String? {
        if case .string(let value)? = series["metric"]?[name] { return value }
        return nil
    }

    /// An instant vector's value: `[time, "value"]`.
    static func value(_ series: JSONValue) -> String {
        if case .array(let pair)? = series["value"], pair.count == 2, case .string(let value) = pair[1] { return value }
        return ""
    }
}
