import Foundation
import ParleyModel

/// Delivers a run's events to its plugins (DESIGN section 6): each plugin has its own bounded
/// queue and consumer task, so a slow one never holds up another (an `InlinePlugin`, which never
/// blocks, is handed each event at once, in order, under a lock of its lane instead); a plugin that throws is
/// isolated (it gets nothing more) and reported; every plugin is drained and finished at the end,
/// after the plugins that deliver (`DeliveringPlugin`) are settled within their flush deadlines,
/// so the summary the others finish with lists the failed deliveries. Events are masked with the run's secrets before any plugin sees them.
public final class PluginHost: Sendable {
    private let lanes: [Lane]
    /// The secrets to mask.
    public let secrets: SecretRegistry
    /// Streamed text held back where a secret may be beginning (`StreamRedaction`).
    private let streams = StreamBox()

    private final class Lane: Sendable {
        let plugin: any Plugin
        let queue: EventQueue<PluginEvent>
        /// The plugin as an `InlinePlugin`, with the lock that keeps its events in order.
        let inline: (plugin: any InlinePlugin, lock: NSLock)?
        let failure = FailureBox()

        init(plugin: any Plugin, capacity: Int) {
            self.plugin = plugin
            queue = EventQueue(capacity: capacity)
            inline = (plugin as? any InlinePlugin).map { ($0, NSLock()) }
        }
    }

    private init(plugins: [any Plugin], capacity: Int, secrets: SecretRegistry) {
        lanes = plugins.map { Lane(plugin: $0, capacity: capacity) }
        self.secrets = secrets
    }

    /// Runs `body` with a host delivering to `plugins`, then drains them, settles the plugins that
    /// deliver (`DeliveringPlugin`: each waits at most its flush deadline), and finishes every
    /// plugin with the summary `body` returns, plugin failures and failed deliveries added, so
    /// reports list them. The plugins are finished even when the caller is cancelled (Ctrl-C):
    /// that is when reports matter most. Cancellation abandons every delivery at once, and a
    /// cancellation that comes while deliveries settle marks the run interrupted.
    public static func run(
        plugins: [any Plugin], capacity: Int = 4096, secrets: SecretRegistry = SecretRegistry(),
        _ body: (PluginHost) async -> RunSummary
    ) async -> RunSummary {
        let host = PluginHost(plugins: plugins, capacity: capacity, secrets: secrets)
        let delivering = plugins.compactMap { $0 as? any DeliveringPlugin }
        return await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { background in
                // Deliveries, like the lanes and finishing, run outside the caller's cancellation;
                // Ctrl-C reaches them as `abandon()`, so each can say what it gave up.
                for plugin in delivering { background.addTask { await Task { await plugin.deliver() }.value } }
                var summary = await host.drain(body)
                // Masked with the secrets as they are now: flows learn secrets while they run.
                summary = secrets.current.redact(summary)
                let reported = summary.pluginFailures
                summary.pluginFailures = reported + host.lanes.compactMap { $0.failure.message }
                let failures = await Task { [summary] in await settle(delivering, summary) }.value
                await background.waitForAll()
                summary.deliveryFailures += failures.map { $0.redacted(by: secrets.current) }
                if Task.isCancelled { summary.interrupted = true }
                // Finishing is the flush: it runs to the end even under cancellation.
                await Task { [summary] in await host.finishAll(summary) }.value
                summary.pluginFailures = reported + host.lanes.compactMap { $0.failure.message }
                return summary
            }
        } onCancel: {
            for plugin in delivering { plugin.abandon() }
        }
    }

    /// Runs `body` while every lane consumes its queue, then closes the queues and waits until
    /// every event published has been handled.
    private func drain(_ body: (PluginHost) async -> RunSummary) async -> RunSummary {
        await withTaskGroup(of: Void.self) { group in
            for lane in lanes where lane.inline == nil {
                // Delivery runs outside the caller's cancellation (Ctrl-C), like finishing: the
                // events already published still reach every plugin.
                group.addTask { await Task { await self.consume(lane) }.value }
            }
            let summary = await body(self)
            for lane in lanes { await lane.queue.close() }
            await group.waitForAll()
            return summary
        }
    }

    /// Every delivering plugin's failed deliveries, in plugin order.
    private static func settle(_ plugins: [any DeliveringPlugin], _ summary: RunSummary) async -> [DeliveryFailure] {
        await withTaskGroup(of: (Int, [DeliveryFailure]).self) { group in
            for (index, plugin) in plugins.enumerated() {
                group.addTask { (index, await plugin.settle(summary)) }
            }
            var settled: [Int: [DeliveryFailure]] = [:]
            for await (index, failures) in group { settled[index] = failures }
            return plugins.indices.flatMap { settled[$0] ?? [] }
        }
    }

    /// Queues `event` for every plugin that has not failed, masked; a streamed delta is masked as
    /// part of its message so far (`StreamRedaction`), so a secret split across deltas is masked too.
    public func publish(_ event: PluginEvent) async {
        await deliver(masked(event))
    }

    /// `event` masked: what `deliver` queues for it (none, one or more events: a delta may be held
    /// back until it is known not to begin a secret). Synchronous and out of line, so that callers
    /// build and mask events on the thread's stack, not in their async frames (issue 20).
    @inline(never)
    func masked(_ event: PluginEvent) -> [PluginEvent] {
        streams.redact(event, with: secrets.current)
    }

    /// Queues events `masked` made, in order, for every plugin that has not failed. The loop holds
    /// indexes: the frame is live while a full queue holds the flow back, so it is kept small (issue 20).
    @inline(never)
    func deliver(_ masked: [PluginEvent]) async {
        for index in masked.indices {
            for lane in lanes where lane.failure.message == nil {
                if lane.inline != nil {
                    receive(masked[index], in: lane)
                } else {
                    await lane.queue.push(masked, at: index)
                }
            }
        }
    }

    /// Hands `event` to an inline lane's plugin at once, under the lane's lock: in order, never concurrently.
    private func receive(_ event: PluginEvent, in lane: Lane) {
        guard let (plugin, lock) = lane.inline else { return }
        lock.withLock {
            guard lane.failure.message == nil else { return }
            do {
                try plugin.receive(event)
            } catch {
                lane.failure.set("\(plugin.name): \(secrets.current.redact(String(describing: error)))")
            }
        }
    }

    private func consume(_ lane: Lane) async {
        while let event = await lane.queue.pop() {
            guard lane.failure.message == nil else { continue }
            do {
                try await lane.plugin.handle(event)
            } catch {
                lane.failure.set("\(lane.plugin.name): \(secrets.current.redact(String(describing: error)))")
            }
        }
    }

    private func finishAll(_ summary: RunSummary) async {
        await withTaskGroup(of: Void.self) { group in
            for lane in lanes {
                group.addTask {
                    do {
                        try await lane.plugin.finish(summary)
                    } catch {
                        lane.failure.set("\(lane.plugin.name): \(self.secrets.current.redact(String(describing: error)))")
                    }
                }
            }
        }
    }
}

/// The first failure of a plugin, set once from its consumer task.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var first: String?

    var message: String? { lock.withLock { first } }

    func set(_ message: String) {
        lock.withLock { if first == nil { first = message } }
    }
}
