import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// Every plugin gets every event in order from its own bounded queue; a failing plugin is isolated.
@Suite("plugin host: delivery and isolation")
struct PluginHostDeliveryTests {
    @Test("every plugin receives every event, in order, and is finished once with the summary")
    func everyEventInOrder() async {
        let plugins = (1...3).map { RecordingPlugin(name: "recorder \($0)") }
        let events = PluginEvents.logs(500)
        let summary = await PluginHost.run(plugins: plugins) { host in
            for event in events { await host.publish(event) }
            return PluginEvents.emptySummary
        }
        for plugin in plugins {
            #expect(plugin.events == events)
            #expect(plugin.summaries == [summary])
        }
        #expect(summary.pluginFailures.isEmpty)
    }

    @Test("a throwing plugin is isolated and named in pluginFailures; the others still receive everything")
    func throwingIsolated() async {
        let failing = ProbePlugin(name: "failing", failOn: 3)
        let before = RecordingPlugin(name: "before")
        let after = RecordingPlugin(name: "after")
        let events = PluginEvents.logs(50)
        let summary = await PluginHost.run(plugins: [before, failing, after]) { host in
            for event in events { await host.publish(event) }
            return PluginEvents.emptySummary
        }
        #expect(summary.pluginFailures == ["failing: disk full at event 3"])
        #expect(before.events == events)
        #expect(after.events == events)
        #expect(failing.events == Array(events.prefix(3)))
        // Even the failed plugin is finished, once, so it can close what it opened.
        #expect(failing.summaries.count == 1)
        #expect(before.summaries.first?.pluginFailures == ["failing: disk full at event 3"])
    }

    @Test("a plugin whose finish throws is reported, and the others are finished regardless")
    func finishThrows() async {
        let failing = ProbePlugin(name: "files", failInFinish: "cannot write reports/junit.xml")
        let other = RecordingPlugin()
        let summary = await PluginHost.run(plugins: [failing, other]) { host in
            await host.publish(PluginEvents.logs(1)[0])
            return PluginEvents.emptySummary
        }
        #expect(summary.pluginFailures == ["files: cannot write reports/junit.xml"])
        #expect(other.summaries.count == 1)
    }

    @Test("failures the body reported are kept alongside the plugins'")
    func bodyFailuresKept() async {
        let failing = ProbePlugin(name: "webhook", failOn: 1)
        let summary = await PluginHost.run(plugins: [failing]) { host in
            await host.publish(PluginEvents.logs(1)[0])
            var summary = PluginEvents.emptySummary
            summary.pluginFailures = ["exec: could not start ./notify"]
            return summary
        }
        #expect(summary.pluginFailures == ["exec: could not start ./notify", "webhook: disk full at event 1"])
    }

    @Test("a slow plugin behind a queue of one still receives everything, in order, and does not lose the fast one anything")
    func boundedLossless() async {
        let slow = ProbePlugin(name: "slow", delay: .milliseconds(1))
        let fast = RecordingPlugin(name: "fast")
        let events = PluginEvents.logs(100)
        let summary = await PluginHost.run(plugins: [slow, fast], capacity: 1) { host in
            for event in events { await host.publish(event) }
            return PluginEvents.emptySummary
        }
        #expect(slow.events == events)
        #expect(fast.events == events)
        #expect(summary.pluginFailures.isEmpty)
    }

    @Test("with no plugins the body still runs and its summary comes back")
    func noPlugins() async {
        let summary = await PluginHost.run(plugins: []) { host in
            await host.publish(PluginEvents.logs(1)[0])
            return PluginEvents.emptySummary
        }
        #expect(summary == PluginEvents.emptySummary)
    }
}
