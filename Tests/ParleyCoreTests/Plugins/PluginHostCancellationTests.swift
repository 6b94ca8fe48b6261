import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// Ctrl-C cancels the suite's task: plugins must still get every event already published and be
/// finished exactly once, uncancelled, so reports are flushed.
@Suite("plugin host: cancellation")
struct PluginHostCancellationTests {
    /// Runs the host in its own task, publishes `events`, then waits to be cancelled like an interrupted suite.
    func interruptedRun(_ plugins: [any Plugin], events: [PluginEvent], published: @escaping @Sendable () -> Bool) async -> RunSummary {
        let task = Task {
            await PluginHost.run(plugins: plugins, capacity: 2) { host in
                for event in events { await host.publish(event) }
                try? await Task.sleep(for: .seconds(30))
                var summary = PluginEvents.emptySummary
                summary.interrupted = Task.isCancelled
                return summary
            }
        }
        let start = ContinuousClock.now
        while !published() && ContinuousClock.now - start < .seconds(10) { try? await Task.sleep(for: .milliseconds(2)) }
        task.cancel()
        return await task.value
    }

    @Test("finish is called exactly once per plugin, not cancelled, when the body's task is cancelled")
    func finishOnce() async {
        let recorder = RecordingPlugin()
        let probe = ProbePlugin(name: "probe")
        let events = PluginEvents.logs(10)
        let summary = await interruptedRun([recorder, probe], events: events) { recorder.events.count == events.count }
        #expect(summary.interrupted)
        #expect(recorder.summaries.count == 1)
        #expect(probe.summaries.count == 1)
        #expect(!probe.finishWasCancelled)
        #expect(recorder.events == events)
    }

    @Test("a slow plugin still handles every event already published, uncancelled, when the run is interrupted")
    func slowPluginDrained() async {
        let fast = RecordingPlugin()
        let slow = ProbePlugin(name: "webhook", delay: .milliseconds(20))
        let events = PluginEvents.logs(6)
        let summary = await interruptedRun([fast, slow], events: events) { fast.events.count == events.count }
        #expect(summary.pluginFailures.isEmpty)
        #expect(slow.events == events)
        #expect(slow.handledCancelled == 0)
        #expect(slow.summaries.count == 1)
    }
}
