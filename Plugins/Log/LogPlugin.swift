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
public actor LogPlugin: Plugin {
    /// `log`.
    public nonisolated let name = "log"
    /// The settings this plugin runs with.
    public nonisolated let options: Options

    private var report: ConsoleReport
    private let sink: @Sendable (String) -> Void
    private let logger: Logger

    /// Creates the plugin.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - sink: receives the console text, whole lines at a time; the CLI passes `standardOutput`.
    ///   - isTerminal: whether the sink is a terminal, which `color: auto` colours.
    ///   - logger: for the plugin's own diagnostics, not for the console text.
    public init(options: Options, sink: @escaping @Sendable (String) -> Void, isTerminal: Bool = false, logger: Logger) {
        self.init(options: options, sink: sink, isTerminal: isTerminal, logger: logger, timelineText: ConsoleReport.timelineLine)
    }

    /// Creates the plugin with what builds debug lines, which tests replace to count the calls.
    init(
        options: Options, sink: @escaping @Sendable (String) -> Void, isTerminal: Bool, logger: Logger,
        timelineText: @escaping ConsoleReport.TimelineText
    ) {
        self.options = options
        self.sink = sink
        self.logger = logger
        report = ConsoleReport(
            level: options.level, progress: options.progress,
            style: ConsoleStyle(colored: options.color.resolved(isTerminal: isTerminal)), timelineText: timelineText)
    }

    /// A sink that writes to the process's standard output, and falls silent when that goes away
    /// (`parley run | head`) instead of ending the run (`DescriptorOutput`).
    public static let standardOutput: @Sendable (String) -> Void = { text in
        DescriptorOutput.standardOutput.write(text)
    }

    public func handle(_ event: PluginEvent) async throws {
        switch event.kind {
        case .runStarted(let runs):
            logger.debug("run started", metadata: ["flows": "\(runs.count)"])
        case .flowFinished:
            if let id = event.flow?.id, !report.isOpen(id) {
                logger.debug("flow finished without events before it", metadata: ["flow": "\(id)"])
            }
        case .flowStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            if event.flow == nil {
                // Described inside the metadata's autoclosure: only when the logger lets warnings through.
                logger.warning(
                    "dropped an event that names no flow", metadata: ["event": .string(String(describing: event.kind).escapingControls)])
            }
        }
        if let text = report.receive(event) { sink(text) }
    }

    public func finish(_ summary: RunSummary) async throws {
        logger.debug("run finished", metadata: ["flows": "\(summary.results.count)", "interrupted": "\(summary.interrupted)"])
        sink(report.summary(summary))
    }
}
