import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ParleyMonitor
import Testing

@Suite("MonitorServer")
struct MonitorServerTests {
    static func parts() async -> (MonitorMetrics, StatusBoard) {
        let metrics = MonitorMetrics(checks: ["faq", "billing"])
        for record in WebFixtures.faqRuns + WebFixtures.billingRuns { await metrics.checkFinished(record) }
        return (metrics, StatusBoard(checks: ["faq", "billing"], history: WebFixtures.faqRuns + WebFixtures.billingRuns))
    }

    static func get(_ url: String) async throws -> (status: Int, type: String, body: String) {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 8 << 20)
        return (Int(response.status.code), response.headers.first(name: "content-type") ?? "", String(buffer: body))
    }

    @Test("/metrics in Prometheus' text format, /healthz, the status page at /, 404 elsewhere")
    func routes() async throws {
        let (metrics, board) = await Self.parts()
        try await withMonitorServer(metrics: metrics, board: board) { port in
            let base = "http://127.0.0.1:\(port)"
            let scraped = try await Self.get(base + "/metrics")
            #expect(scraped.status == 200)
            #expect(scraped.type == "text/plain; version=0.0.4; charset=utf-8")
            #expect(Exposition(scraped.body).value("parley_check_up", ["check": "billing"]) == 0)

            let health = try await Self.get(base + "/healthz")
            #expect(health.status == 200)
            #expect(health.body == "ok\n")

            let page = try await Self.get(base + "/")
            #expect(page.status == 200)
            #expect(page.type == "text/html; charset=utf-8")
            #expect(page.body.contains(#"data-check="billing" data-state="down""#))

            let missing = try await Self.get(base + "/nothing")
            #expect(missing.status == 404)
        }
    }

    @Test("what the observers hear shows at the next request")
    func live() async throws {
        let metrics = MonitorMetrics(checks: ["faq"])
        let board = StatusBoard(checks: ["faq"])
        try await withMonitorServer(metrics: metrics, board: board) { port in
            let base = "http://127.0.0.1:\(port)"
            let before = try await Self.get(base + "/").body
            #expect(before.contains(#"data-state="pending""#))
            for record in WebFixtures.faqRuns.prefix(1) {
                await metrics.checkFinished(record)
                await board.checkFinished(record)
            }
            let after = try await Self.get(base + "/").body
            #expect(after.contains(#"data-check="faq" data-state="up""#))
            let scraped = try await Self.get(base + "/metrics").body
            #expect(Exposition(scraped).value("parley_check_up", ["check": "faq"]) == 1)
        }
    }

    @Test("a port already taken is a clear error, not a hang")
    func taken() async throws {
        let (metrics, board) = await Self.parts()
        try await withMonitorServer(metrics: metrics, board: board) { port in
            var quiet = Logger(label: "parley.monitor.test")
            quiet.logLevel = .critical
            let second = MonitorServer(host: "127.0.0.1", port: port, metrics: metrics, board: board, logger: quiet)
            await #expect {
                try await second.run()
            } throws: { error in
                "\(error)".hasPrefix("cannot listen on 127.0.0.1:\(port): ")
            }
        }
    }
}
