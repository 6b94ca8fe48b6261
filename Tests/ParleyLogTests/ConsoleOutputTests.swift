import Foundation
import ParleyCore
import ParleyLog
import ParleyModel
import ParleyTesting
import Testing

@Suite("log console output")
struct ConsoleOutputTests {
    static let refundFailure =
        #"Flows/02-refund.flow.yaml:8:5: expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#
    static let summary = """

        4 flows: 1 passed, 1 flaky, 1 failed, 1 skipped in 6.0s
        interrupted: flows that had not finished count as skipped
        \(refundFailure)
        plugin failed: webhook: POST http://127.0.0.1:9/hook answered 500

        """

    @Test("info: a line per finished flow with a counter, failures under them, log texts, and the summary")
    func info() async throws {
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .info, color: .never))
        #expect(
            text == """
                [1/4] ✓ Order status  1.2s
                    log: order checked
                [2/4] ✗ Refund  5.2s
                    \(Self.refundFailure)
                [3/4] ✗ Greeting  0.2s
                    Flows/03-greeting.flow.yaml:4:5: expected reply within 1s; got nothing
                [3/4] ~ Greeting (attempt 2)  0.4s (flaky)
                [4/4] - Handoff [row 2] (skipped: interrupted)

                """ + Self.summary)
    }

    @Test("debug: each flow's steps, actions and events follow its result line as one block")
    func debug() async throws {
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .debug, color: .never))
        let replyFields = #""from": "agent", "message_id": "#
        #expect(
            text == """
                [1/4] ✓ Order status  1.2s
                      0.020 ▸ send "Where is order A-1042?"
                      0.021   → send { "text": "Where is order A-1042?" }
                      0.022 ✓ send "Where is order A-1042?"  0.0s
                      0.023 ▸ expect reply
                      0.140   ← reply { "text": "Order A-1042 has shipped", \(replyFields)"m1", "suggestions": [ "Track package" ], "attachments": [], "call_actions": [] }
                      0.141 ✓ expect reply  0.1s
                      0.160   log: order checked
                [2/4] ✗ Refund  5.2s
                    \(Self.refundFailure)
                      0.020 ▸ send "I want a refund"
                      0.021   → send { "text": "I want a refund" }
                      0.022 ✓ send "I want a refund"  0.0s
                      0.180 ▸ expect reply
                      0.280   ← reply { "text": "Sorry", \(replyFields)"m2", "suggestions": [], "attachments": [], "call_actions": [] }
                      5.180 ✗ expect reply  5.0s
                [3/4] ✗ Greeting  0.2s
                    Flows/03-greeting.flow.yaml:4:5: expected reply within 1s; got nothing
                      0.000 ▸ expect reply
                      0.200 ✗ expect reply  0.2s
                [3/4] ~ Greeting (attempt 2)  0.4s (flaky)
                      0.000 ▸ expect reply
                      0.100   ← reply { "text": "Hello", \(replyFields)"m3", "suggestions": [], "attachments": [], "call_actions": [] }
                      0.350 ✓ expect reply  0.4s
                [4/4] - Handoff [row 2] (skipped: interrupted)

                """ + Self.summary)
    }

    @Test("error shows failed flows only; warning adds flaky and skipped ones")
    func quieterLevels() async throws {
        let failures = """
            [2/4] ✗ Refund  5.2s
                \(Self.refundFailure)
            [3/4] ✗ Greeting  0.2s
                Flows/03-greeting.flow.yaml:4:5: expected reply within 1s; got nothing

            """
        let error = try await ConsoleCapture.run(LogPlugin.Options(level: .error, color: .never))
        #expect(error == failures + Self.summary)
        let warning = try await ConsoleCapture.run(LogPlugin.Options(level: .warning, color: .never))
        #expect(
            warning == failures + """
                [3/4] ~ Greeting (attempt 2)  0.4s (flaky)
                [4/4] - Handoff [row 2] (skipped: interrupted)

                """ + Self.summary)
    }

    @Test("without progress there is no counter")
    func noProgress() async throws {
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .info, color: .never, progress: false))
        #expect(text.hasPrefix("✓ Order status  1.2s\n    log: order checked\n✗ Refund  5.2s\n"))
        #expect(!text.contains("[1/4]"))
    }

    @Test("interleaved flows reach the sink as one write per finished flow")
    func blocks() async throws {
        let capture = ConsoleCapture()
        let plugin = capture.plugin(LogPlugin.Options(level: .debug, color: .never))
        for event in SampleRun.events() { try await plugin.handle(event) }
        let writes = capture.writes
        #expect(writes.count == 5)
        #expect(writes[0].hasPrefix("[1/4] ✓ Order status") && !writes[0].contains("refund"))
        #expect(writes[1].hasPrefix("[2/4] ✗ Refund") && !writes[1].contains("A-1042"))
    }

    @Test("colour: always paints marks, durations and counts; auto only on a terminal")
    func color() async throws {
        let escape = "\u{1B}["
        let always = try await ConsoleCapture.run(LogPlugin.Options(level: .info, color: .always))
        #expect(always.hasPrefix("[1/4] \(escape)32m✓\(escape)0m Order status  \(escape)2m1.2s\(escape)0m\n"))
        #expect(always.contains("\(escape)31m1 failed\(escape)0m"))
        #expect(try await ConsoleCapture.run(LogPlugin.Options(level: .info, color: .auto), isTerminal: true).contains(escape))
        #expect(try await !ConsoleCapture.run(LogPlugin.Options(level: .info, color: .auto), isTerminal: false).contains(escape))
    }

    @Test("a run that printed nothing else gets a bare summary, one flow in the singular")
    func bareSummary() async throws {
        let result = SampleRun.results().order
        let summary = RunSummary(results: [result], startedAt: SampleRun.startedAt, duration: .milliseconds(1250))
        let text = try await ConsoleCapture.run(LogPlugin.Options(level: .error), events: [], summary: summary)
        #expect(text == "1 flow: 1 passed, 0 flaky, 0 failed, 0 skipped in 1.3s\n")
    }

    @Test("a multi-line failure is one line under its flow and in the summary, its line breaks spelled out")
    func multilineFailure() async throws {
        var result = SampleRun.results().refund
        let failure = StepFailure(
            message: "expected reply\n  got: Sorry", cause: .mismatch, location: SourceLocation(file: "a.flow.yaml", line: 3, column: 5))
        result.outcome = .failed(failure)
        let events = [PluginEvent(time: .seconds(1), flow: result.run, kind: .flowFinished(result))]
        let text = try await ConsoleCapture.run(
            LogPlugin.Options(level: .info, color: .never), events: events,
            summary: RunSummary(results: [result], startedAt: SampleRun.startedAt, duration: .seconds(6)))
        #expect(
            text == """
                ✗ Refund  5.2s
                    a.flow.yaml:3:5: expected reply\\n  got: Sorry

                1 flow: 0 passed, 0 flaky, 1 failed, 0 skipped in 6.0s
                a.flow.yaml:3:5: expected reply\\n  got: Sorry

                """)
    }
}
