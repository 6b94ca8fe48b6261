import Foundation
import ParleyCore
import ParleyLog
import ParleyModel
import ParleyTesting
import Testing

/// Agent text cannot drive the terminal: whatever control characters reach the console are shown
/// escaped, on every kind of line, and a failure stays on one line.
@Suite("log console: control characters")
struct ConsoleControlTests {
    /// Clears the screen, returns to the line's start, NUL, BEL, a C1 CSI, a right-to-left
    /// override, and a second line.
    static let hostile = "a\u{1B}[2J\rb\0c\u{7}d\u{9B}e\u{202E}f\nline two"
    static let shown = #"a\e[2J\rb\0c\ad\u{9B}e\u{202E}f\nline two"#
    static let location = SourceLocation(file: "t.flow.yaml", line: 3, column: 5)
    static let failure = StepFailure(message: "agent answered 500: line one\nline two \(hostile)", cause: .mismatch, location: location)

    static func run(_ id: String, _ name: String, repetition: Int = 1, attempt: Int = 1) -> FlowRun {
        FlowRun(id: id, name: name, path: "t.flow.yaml", location: location, repetition: repetition, attempt: attempt)
    }

    /// A failed, a skipped and a flaky flow, every name, step, action, event, log text, reason and
    /// plugin failure carrying the hostile text.
    static func events() -> (events: [PluginEvent], summary: RunSummary) {
        let failed = run("t.flow.yaml#rep2", "Echo \(hostile) (run 2)", repetition: 2)
        let skipped = run("s.flow.yaml", "Skip \(hostile)")
        let flaky = run("f.flow.yaml", "Flaky \(hostile)", attempt: 2)
        let step = StepInfo(summary: "send \(hostile)", location: location, depth: 0)
        let failedStep = StepResult(step: step, outcome: .failed(failure), started: .zero, duration: .seconds(1))
        let results = [
            FlowResult(run: failed, outcome: .failed(failure), steps: [failedStep], started: .zero, duration: .seconds(1), eventCount: 1),
            FlowResult(run: skipped, outcome: .skipped(reason: hostile), steps: [], started: .zero, duration: .zero, eventCount: 0),
            FlowResult(
                run: flaky, outcome: .passed,
                steps: [StepResult(step: step, outcome: .flaky(attempts: 2), started: .zero, duration: .seconds(1))],
                started: .zero, duration: .seconds(1), eventCount: 0),
        ]
        func at(_ run: FlowRun, _ kind: PluginEvent.Kind) -> PluginEvent { PluginEvent(time: .milliseconds(5), flow: run, kind: kind) }
        var events = [PluginEvent(time: .zero, flow: nil, kind: .runStarted([failed, skipped, flaky]))]
        events += [at(failed, .flowStarted), at(failed, .stepStarted(step))]
        events += CanaryEvents.actions(hostile).map { at(failed, .userAction($0)) }
        events += CanaryEvents.all(hostile).map { at(failed, .agentEvent($0, offset: .milliseconds(5))) }
        events += [at(failed, .stepFinished(failedStep)), at(failed, .log(hostile)), at(failed, .flowFinished(results[0]))]
        events += [at(skipped, .flowFinished(results[1]))]
        events += [at(flaky, .flowStarted), at(flaky, .stepStarted(step)), at(flaky, .stepFinished(results[2].steps[0]))]
        events += [at(flaky, .log(hostile)), at(flaky, .flowFinished(results[2]))]
        let summary = RunSummary(
            results: results, startedAt: SampleRun.startedAt, duration: .seconds(2), pluginFailures: ["webhook: \(hostile)"])
        return (events, summary)
    }

    /// The scalars a terminal acts on, other than the line feeds that end lines.
    static func controls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
        }
    }

    @Test(
        "every kind of line shows ESC, CR, NUL, BEL, C1 and bidi overrides escaped",
        arguments: [LogPlugin.Level.debug, .info, .warning])
    func everyLineEscaped(level: LogPlugin.Level) async throws {
        let (events, summary) = Self.events()
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: level, color: .never), events: events, summary: summary)
        #expect(Self.controls(in: text).isEmpty, "\(text.debugDescription)")
        #expect(text.contains("Echo \(Self.shown) (run 2)"), "a flow's name")
        #expect(text.contains("(skipped: \(Self.shown))"), "a skip reason")
        #expect(text.contains("Flaky \(Self.shown) (attempt 2)"), "a flaky flow's name")
        #expect(text.contains(": Echo \(Self.shown)\n"), "a pass rate's name")
        #expect(text.contains("plugin failed: webhook: \(Self.shown)\n"), "a plugin failure")
        if level == .info { #expect(text.contains("    log: \(Self.shown)\n"), "a log text") }
        if level == .debug {
            #expect(text.contains("▸ send \(Self.shown)\n"), "a step's start")
            #expect(text.contains("✗ send \(Self.shown)  1.0s\n"), "a step's end")
            #expect(text.contains("~ send \(Self.shown)  1.0s (flaky, passed on attempt 2)\n"), "a flaky step's end")
            #expect(text.contains("log: \(Self.shown)\n"))
            // Every agent event and user action has a timeline line, all of them escaped.
            let timeline = text.split(separator: "\n").filter { $0.contains("← ") || $0.contains("→ ") }
            #expect(timeline.count == CanaryEvents.all(Self.hostile).count + CanaryEvents.actions(Self.hostile).count)
        }
    }

    @Test("a failure whose message has line breaks is one line under its flow and one in the summary")
    func failureOnOneLine() async throws {
        let (events, summary) = Self.events()
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .info, color: .never), events: events, summary: summary)
        let rendered = #"t.flow.yaml:3:5: agent answered 500: line one\nline two "# + Self.shown
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("t.flow.yaml:3:5:") } == ["    " + rendered, Substring(rendered)])
        #expect(!lines.contains { $0.hasPrefix("line two") })
    }

    @Test("Parley's own colours still paint; the agent's escapes do not")
    func coloursStillWork() async throws {
        let (events, summary) = Self.events()
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .debug, color: .always), events: events, summary: summary)
        #expect(text.contains("\u{1B}[31m✗\u{1B}[0m Echo \(Self.shown) (run 2)"))
        #expect(text.contains("\u{1B}[31m    t.flow.yaml:3:5: agent answered 500: line one\\nline two \(Self.shown)\u{1B}[0m\n"))
        let unpainted = text.replacing(#/\x1B\[[0-9]+m/#, with: "")
        #expect(Self.controls(in: unpainted).isEmpty, "\(unpainted.debugDescription)")
    }
}
