import AsyncHTTPClient
import Foundation
import NIOHTTP1
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

@testable import ParleyMetrics

/// The plugin around the pieces: the push request it makes, and a textfile it cannot write
/// reported as the plugin's failure, not a crash.
@Suite("metrics: the plugin")
struct MetricsPluginTests {
    @Test("the push is a PUT of the text format, with basic auth when a username and password are set")
    func pushRequest() throws {
        let options = try MetricsPlugin.Options.parse(["pushgateway": "http://gw:9091", "username": "ops", "password": "hunter2"])
        let request = Pushgateway.makeRequest(url: "http://gw:9091/metrics/job/parley", body: Array("x 1\n".utf8), options: options)
        #expect(request.method == .PUT)
        #expect(request.headers.first(name: "Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(request.headers.first(name: "Authorization") == "Basic " + Data("ops:hunter2".utf8).base64EncodedString())
        let anonymous = Pushgateway.makeRequest(url: "http://gw:9091/metrics/job/parley", body: [], options: MetricsPlugin.Options(pushgateway: "http://gw:9091"))
        #expect(anonymous.headers.first(name: "Authorization") == nil)
    }

    @Test("a textfile that cannot be written fails the plugin at finish, saying where and why")
    func unwritable() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("plain"))
        let plugin = try MetricsPlugin(settings: ["file": "plain/parley.prom"], baseDirectory: folder, client: HTTPClient.shared)
        for event in SampleRun.events() { try await plugin.handle(event) }
        let summary = SampleRun.summary(interrupted: false)
        #expect(await plugin.settle(summary).isEmpty, "no push, so no failed delivery")
        do {
            try await plugin.finish(summary)
            Issue.record("finish should have thrown")
        } catch {
            #expect("\(error)".hasPrefix("cannot write \(folder.appendingPathComponent("plain/parley.prom").standardizedFileURL.path): "), "\(error)")
        }
    }

    @Test("a relative file resolves against parley.yaml's folder and is written at settle")
    func writes() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = try MetricsPlugin(settings: ["file": "out/parley.prom"], baseDirectory: folder, client: HTTPClient.shared)
        for event in SampleRun.events() { try await plugin.handle(event) }
        _ = await plugin.settle(SampleRun.summary(interrupted: false))
        try await plugin.finish(SampleRun.summary(interrupted: false))
        let text = try String(contentsOf: folder.appendingPathComponent("out/parley.prom"), encoding: .utf8)
        // SampleRun's greeting passed on its second attempt: flaky, as the summary says.
        #expect(text.contains(#"parley_flow_runs_total{flow="Flows/03-greeting.flow.yaml",agent="",outcome="flaky"} 1"#))
        #expect(text.contains("parley_last_run_success 0.0"), "the refund flow failed")
    }
}
