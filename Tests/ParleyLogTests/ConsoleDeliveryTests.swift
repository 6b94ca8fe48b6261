import ParleyCore
import ParleyLog
import ParleyTesting
import Testing

/// The console summary lists every delivery that failed, after the plugin failures.
@Suite("console: failed deliveries")
struct ConsoleDeliveryTests {
    @Test("each failed delivery is one summary line: plugin, URL, flow run or run, attempts and reason")
    func listed() async throws {
        var summary = SampleRun.summary()
        summary.deliveryFailures = [
            DeliveryFailure(
                plugin: "webhook", flow: "Flows/02-refund.flow.yaml", url: "http://127.0.0.1:9/hook", attempts: 1, cause: .receiver,
                reason: "400 Bad Request"),
            DeliveryFailure(
                plugin: "webhook", flow: nil, url: "http://127.0.0.1:9/hook", attempts: 1, cause: .deadline,
                reason: "429 Too Many Requests; Retry-After 60s is past the flush deadline"),
        ]
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .error, color: .never), summary: summary)
        let lines = text.split(separator: "\n").map(String.init)
        let plugin = try #require(lines.firstIndex { $0.hasPrefix("plugin failed: ") })
        #expect(
            Array(lines[(plugin + 1)...]) == [
                "delivery failed: webhook: POST http://127.0.0.1:9/hook for flow Flows/02-refund.flow.yaml failed after 1 attempt: 400 Bad Request",
                "delivery failed: webhook: POST http://127.0.0.1:9/hook for the run failed after 1 attempt: 429 Too Many Requests; Retry-After 60s is past the flush deadline",
            ])
    }
}
