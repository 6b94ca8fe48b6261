import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// A delivering plugin whose one delivery hangs until abandoned, or fails at once.
final class CourierPlugin: DeliveringPlugin, @unchecked Sendable {
    let name = "courier"
    let hangs: Bool
    /// On a clock nobody moves: a hanging delivery ends only when abandoned, never at its deadline.
    let flush = Flush(clock: TestClock())
    private let lock = NSLock()
    private var steps: [String] = []

    init(hangs: Bool) {
        self.hangs = hangs
    }

    /// What the host called, in order.
    var calls: [String] { lock.withLock { steps } }

    private func note(_ step: String) { lock.withLock { steps.append(step) } }

    func handle(_ event: PluginEvent) async throws {}

    func deliver() async { note("deliver") }

    func settle(_ summary: RunSummary) async -> [DeliveryFailure] {
        note("settle")
        var reason = "500 from https://hooks.example.com/?token=s3cr3t"
        var cause = DeliveryFailure.Cause.receiver
        if hangs {
            flush.begin(deadline: flush.clock.now + .seconds(60))
            let clock = flush.clock
            guard case .abandoned = await flush.bound({ (try? await clock.sleep(until: clock.now + .seconds(60))) != nil }) else { return [] }
            reason = "abandoned: the run was interrupted"
            cause = .interrupted
        }
        return [DeliveryFailure(plugin: name, flow: nil, url: "https://hooks.example.com/", attempts: 1, cause: cause, reason: reason)]
    }

    func abandon() {
        note("abandon")
        flush.abandon()
    }

    func finish(_ summary: RunSummary) async throws { note("finish") }
}

/// Plugins that deliver are settled before the others finish, so reports carry their failures.
@Suite("plugin host: settling deliveries")
struct PluginHostSettleTests {
    @Test("a delivering plugin is settled before the reporting plugins finish; they see its failures, secrets masked")
    func settledFirst() async {
        let courier = CourierPlugin(hangs: false)
        let report = RecordingPlugin()
        let summary = await PluginHost.run(plugins: [report, courier], secrets: SecretRegistry(secrets: ["s3cr3t"])) { _ in
            PluginEvents.emptySummary
        }
        #expect(courier.calls == ["deliver", "settle", "finish"])
        #expect(summary.deliveryFailures.map(\.reason) == ["500 from https://hooks.example.com/?token=***"])
        #expect(report.summaries == [summary])
        #expect(summary.pluginFailures.isEmpty)
        #expect(!summary.interrupted)
    }

    // The delivery's 60 s never pass on its clock: that the run ends at all proves it was cut short,
    // with no bound on real time (one failed at 130 s on a loaded machine). The limit is for a hang.
    @Test(
        "cancelling the run (Ctrl-C) while a delivery hangs abandons it at once; the run is interrupted and still reported",
        .timeLimit(.minutes(10)))
    func cancelAbandons() async {
        let courier = CourierPlugin(hangs: true)
        let report = RecordingPlugin()
        let run = Task {
            await PluginHost.run(plugins: [report, courier]) { _ in PluginEvents.emptySummary }
        }
        while !courier.calls.contains("settle") { try? await Task.sleep(for: .milliseconds(5)) }
        run.cancel()
        let summary = await run.value
        #expect(courier.calls.contains("abandon"))
        #expect(summary.interrupted)
        #expect(summary.deliveryFailures.map(\.cause) == [.interrupted])
        #expect(report.summaries == [summary], "the reports are still written, with the abandoned delivery")
    }
}
