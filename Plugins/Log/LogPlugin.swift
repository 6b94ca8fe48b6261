import Foundation
import Logging
import ParleyCore
import ParleyModel

/// The built-in `log` plugin: readable console output with live progress and a closing summary.
///
/// At `info` it prints one line per finished flow (`[3/11] ✓ Order status  1.2s`), the failure
/// under a failed one, the texts of `log:` steps, and at the end the counts and every failure
/// again as `file:line:column: message`. At `debug` each flow's steps, user actions and agent
/// events follow its result line as one block, so parallel flows never interleave. Console text
/// goes to the injected sink; the injected `Logger` only carries the plugin's own diagnostics.
///
/// It is an `InlinePlugin`: the host hands it each event on the flow's own task, since all it does
/// with one is note it and, now and then, queue a line (the sink only queues; a thread of its own
/// writes), so a console costs no hand-off between threads per event.
public final class LogPlugin: InlinePlugin, @unchecked Sendable {
    /// `log`.
    public let name = "log"
    /// The settings this plugin runs with.
    public let options: Options

    /// Touched only under `lock`: the host never calls `receive` concurrently, but tests may.
    private var report: ConsoleReport
    private let lock = NSLock()
    private let sink: @Sendable (String) -> Void
    private let flush: @Sendable () async -> Void
    private let logger: Logger

    /// Creates the plugin.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - sink: receives the console text, whole lines at a time; the CLI passes `standardOutput`.
    ///   - flush: awaited at the end, after the summary: returns once what `sink` took is out (the
    ///     CLI passes `flushStandardOutput`, whose sink only queues).
    ///   - isTerminal: whether the sink is a terminal, which `color: auto` colours.
    ///   - logger: for the plugin's own diagnostics, not for the console text.
    public convenience init(
        options: Options, sink: @escaping @Sendable (String) -> Void, flush: @escaping @Sendable () async -> Void = {},
        isTerminal: Bool = false, logger: Logger
    ) {
        self.init(
            options: options, sink: sink, flush: flush, isTerminal: isTerminal, logger: logger, timelineText: ConsoleReport.timelineLine)
    }

    /// Creates the plugin with what builds debug lines, which tests replace to count the calls.
    init(
        options: Options, sink: @escaping @Sendable (String) -> Void, flush: @escaping @Sendable () async -> Void = {},
        isTerminal: Bool, logger: Logger, timelineText: @escaping ConsoleReport.TimelineText
    ) {
        self.options = options
        self.sink = sink
        self.flush = flush
        self.logger = logger
        report = ConsoleReport(
            level: options.level, progress: options.progress,
            style: ConsoleStyle(colored: options.color.resolved(isTerminal: isTerminal)), timelineText: timelineText)
    }

    /// A sink that writes to the process's standard output, and falls silent when that goes away
    /// (`parley run | head`) instead of ending the run (`DescriptorOutput`). It only queues: a
    /// thread of its own writes (`QueuedOutput`), so a stdout nobody drains holds no task's thread.
    public static let standardOutput: @Sendable (String) -> Void = { text in
        QueuedOutput.standardOutput.write(text)
    }

    /// Waits until the text `standardOutput` queued is written: the `flush` that goes with it.
    public static let flushStandardOutput: @Sendable () async -> Void = {
        await QueuedOutput.standardOutput.flush()
    }

    public func handle(_ event: PluginEvent) async throws {
        try receive(event)
    }

    public func receive(_ event: PluginEvent) throws {
        switch event.kind {
        case .runStarted(let runs):
            logger.debug("run started", metadata: ["flows": "\(runs.count)"])
        case .flowFinished:
            if let id = event.flow?.id, !lock.withLock({ report.isOpen(id) }) {
                logger.debug("flow finished without events before it", metadata: ["flow": "\(id)"])
            }
        case .flowStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            if event.flow == nil {
                // Described inside the metadata's autoclosure: only when the logger lets warnings through.
                logger.warning(
                    "dropped an event that names no flow", metadata: ["event": .string(String(describing: event.kind).escapingControls)])
            }
        }
        // The sink only queues: called under the lock, so lines keep the order of their events.
        lock.withLock {
            if let text = report.receive(event) { sink(text) }
        }
    }

    public func finish(_ summary: RunSummary) async throws {
        logger.debug("run finished", metadata: ["flows": "\(summary.results.count)", "interrupted": "\(summary.interrupted)"])
        sink(lock.withLock { report.summary(summary) })
        await flush()
    }
}
