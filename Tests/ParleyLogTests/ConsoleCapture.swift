import Foundation
import Logging
import ParleyCore
import ParleyLog
import ParleyTesting

/// Feeds a `LogPlugin` events and a summary and keeps what it printed, chunk by chunk.
final class ConsoleCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [String] = []

    /// Everything printed so far.
    var text: String { lock.withLock { chunks.joined() } }
    /// Each write to the sink, in order.
    var writes: [String] { lock.withLock { chunks } }

    /// Keeps one write to the sink.
    func append(_ text: String) {
        lock.withLock { chunks.append(text) }
    }

    /// A plugin writing into this capture.
    func plugin(_ options: LogPlugin.Options, isTerminal: Bool = false) -> LogPlugin {
        LogPlugin(
            options: options, sink: { [self] text in append(text) }, isTerminal: isTerminal, logger: Logger(label: "parley.log.tests"))
    }

    /// Runs the sample (or given) events and summary through a plugin with `options`; returns the text.
    static func run(
        _ options: LogPlugin.Options, isTerminal: Bool = false, events: [PluginEvent] = SampleRun.events(),
        summary: RunSummary = SampleRun.summary()
    ) async throws -> String {
        let capture = ConsoleCapture()
        let plugin = capture.plugin(options, isTerminal: isTerminal)
        for event in events { try await plugin.handle(event) }
        try await plugin.finish(summary)
        return capture.text
    }
}
