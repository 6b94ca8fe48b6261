import Foundation
import Logging
import ParleyCore
import ParleyTesting
import Testing

@testable import ParleyLog

/// Below `debug` the console formats no event for the debug timeline: that text was built for every
/// event at every level and thrown away, 7-8% of a run's CPU (issue 20).
@Suite("log console: formatting cost")
struct ConsoleFormattingCostTests {
    /// Counts the calls to the real timeline formatting.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        var count: Int { lock.withLock { calls } }

        var timelineText: ConsoleReport.TimelineText {
            { [self] kind, style in
                lock.withLock { calls += 1 }
                return ConsoleReport.timelineLine(kind, style: style)
            }
        }
    }

    /// The sample run's events `rounds` times over.
    static func events(rounds: Int) -> [PluginEvent] {
        Array(repeating: SampleRun.events(), count: rounds).flatMap { $0 }
    }

    /// Events that have a line in the debug timeline.
    static func timelined(_ events: [PluginEvent]) -> Int {
        events.filter { event in
            switch event.kind {
            case .stepStarted, .userAction, .agentEvent, .stepFinished, .log: return event.flow != nil
            case .runStarted, .flowStarted, .flowFinished: return false
            }
        }.count
    }

    /// Hands `events` to a plugin at `level`; returns how often it formatted a timeline line and what it printed.
    static func run(_ level: LogPlugin.Level, _ events: [PluginEvent]) async throws -> (calls: Int, text: String) {
        let counter = Counter()
        let printed = ConsoleCapture()
        let plugin = LogPlugin(
            options: LogPlugin.Options(level: level, color: .never), sink: { printed.append($0) }, isTerminal: false,
            logger: Logger(label: "parley.log.tests"), timelineText: counter.timelineText)
        for event in events { try await plugin.handle(event) }
        return (counter.count, printed.text)
    }

    @Test("at info, warning and error thousands of events are handled without formatting one timeline line", arguments: [
        LogPlugin.Level.info, .warning, .error,
    ])
    func quietLevelsFormatNothing(level: LogPlugin.Level) async throws {
        let events = Self.events(rounds: 200)
        let (calls, text) = try await Self.run(level, events)
        #expect(calls == 0)
        // The plugin did its work: finished flows were reported.
        #expect(text.contains("✗ Refund"))
    }

    @Test("at debug the same hook formats one line per step, action, agent event and log text")
    func debugFormatsEachLine() async throws {
        let events = Self.events(rounds: 3)
        let (calls, text) = try await Self.run(.debug, events)
        #expect(calls == Self.timelined(events))
        #expect(calls > 0)
        #expect(text.contains("▸ expect reply"))
    }
}
