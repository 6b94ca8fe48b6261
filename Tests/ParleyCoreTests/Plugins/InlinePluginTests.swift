import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// An `InlinePlugin` is handed each event at once, on the publishing task, in order and never
/// concurrently; it fails and finishes as a queued plugin does.
@Suite("plugin host: inline plugins")
struct InlinePluginTests {
    @Test("an inline plugin receives every event at once, in order, beside a queued plugin that gets them too")
    func receivedAtOnce() async {
        let inline = InlineProbePlugin()
        let queued = RecordingPlugin(name: "queued")
        let events = PluginEvents.logs(200)
        let summary = await PluginHost.run(plugins: [inline, queued]) { host in
            for (index, event) in events.enumerated() {
                await host.publish(event)
                // Already received when `publish` returns: no queue stands between.
                #expect(inline.events.count == index + 1)
            }
            return PluginEvents.emptySummary
        }
        #expect(inline.events == events)
        #expect(inline.handled == 0)
        #expect(inline.finished == 1)
        #expect(queued.events == events)
        #expect(summary.pluginFailures.isEmpty)
    }

    @Test("flows publishing at once reach an inline plugin one at a time, each flow's events in its order")
    func neverConcurrent() async {
        let inline = InlineProbePlugin()
        let flows = 8
        let perFlow = 100
        _ = await PluginHost.run(plugins: [inline]) { host in
            await withTaskGroup(of: Void.self) { group in
                for flow in 0..<flows {
                    group.addTask {
                        for step in 0..<perFlow {
                            await host.publish(PluginEvent(time: .ms(step), flow: nil, kind: .log("flow \(flow) event \(step)")))
                        }
                    }
                }
            }
            return PluginEvents.emptySummary
        }
        #expect(!inline.sawOverlap)
        #expect(inline.events.count == flows * perFlow)
        for flow in 0..<flows {
            let texts = inline.events.compactMap { event -> String? in
                guard case .log(let text) = event.kind, text.hasPrefix("flow \(flow) ") else { return nil }
                return text
            }
            #expect(texts == (0..<perFlow).map { "flow \(flow) event \($0)" })
        }
    }

    @Test("an inline plugin that throws is isolated and named in pluginFailures, and still finished")
    func throwingIsolated() async {
        let failing = InlineProbePlugin(name: "console", failOn: 3)
        let other = RecordingPlugin(name: "other")
        let events = PluginEvents.logs(20)
        let summary = await PluginHost.run(plugins: [failing, other]) { host in
            for event in events { await host.publish(event) }
            return PluginEvents.emptySummary
        }
        #expect(summary.pluginFailures == ["console: cannot format event 3"])
        #expect(failing.events == Array(events.prefix(3)))
        #expect(failing.finished == 1)
        #expect(other.events == events)
    }
}
