import ParleyCore
import ParleyModel
import Testing

/// A long streamed reply costs work in proportion to its length: each read judges each event of
/// the turn once as it arrives, not the whole turn again on every event. Counted, not timed: the
/// interpreter is handed a counter of the events it matches against patterns.
@Suite("interpreter: long turns stay linear")
struct LongTurnTests {
    /// Each read waits while the reply streams in, so it is judged after every delta.
    static let reads: [(name: String, step: String)] = [
        ("expect", #"- expect: { reply: { contains: "the end" }, latency: { first_token: { lt: 5s } } }"#),
        ("count", #"- expect: { reply: { contains: "the end" }, count: 1 }"#),
        ("expect_no", #"- expect_no: { run_error: {} }"#),
        ("expect_sequence", "- expect_sequence: [run_started, text_delta, { reply: { contains: \"the end\" } }, run_finished]"),
        ("capture", #"- capture: { story: { from: reply, regex: "(the end)" }, args: { from: tool_call, json_path: $.args.id } }"#),
        ("if received", "- if: { received: { reply: { contains: \"the end\" } } }\n    then: [{ log: done }]"),
        ("repeat until", "- repeat:\n      until: { received: { run_finished: success } }\n      max: 2\n      steps: [{ log: round }]"),
    ]

    /// The verdict of `step` after a reply of `deltas` one-character deltas, and the events matched.
    static func judge(_ step: String, deltas: Int) throws -> (outcome: FlowOutcome?, outcomes: [String], evaluations: Int) {
        let counter = EvaluationCounter()
        var machine = try Machine(
            """
            flow: Long story
            steps:
              - send: Tell me a long story
              \(step)
            """, settings: FlowInterpreter.Settings(settle: .ms(500), evaluations: counter))
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.runStarted, at: .ms(10))
        for index in 0..<deltas {
            _ = machine.receive(Events.delta("x"), at: .ms(20) + .microseconds(index))
        }
        let text = String(repeating: "x", count: max(0, deltas - 7)) + "the end"
        _ = machine.receive([Events.reply(text), Events.toolCall("lookup", id: "c1", args: [JSONMember("id", "A-1")])], at: .ms(30))
        _ = machine.receive([Events.runFinished, Events.turnEnded], at: .ms(40))
        _ = machine.deadline(at: .ms(600))
        return (machine.interpreter.finalOutcome, machine.outcomes, counter.count)
    }

    @Test("8,000 one-character deltas: every read matches each event a bounded number of times", arguments: reads.map(\.name))
    func boundedWork(name: String) throws {
        let step = try #require(Self.reads.first { $0.name == name }).step
        let (outcome, outcomes, evaluations) = try Self.judge(step, deltas: 8_000)
        #expect(outcome == .passed, "\(outcomes)")
        // A read matches each of its patterns against each event once (four patterns at most here),
        // plus the few events in the last moments; the quadratic rejudging made tens of millions.
        #expect(evaluations <= 5 * 8_000, "\(evaluations) matches for 8,000 deltas")
        #expect(evaluations >= 8_000, "every read looks at each delta at least once: \(evaluations)")
    }

    @Test("twice the deltas cost twice the matches, not four times", arguments: reads.map(\.name))
    func doubling(name: String) throws {
        let step = try #require(Self.reads.first { $0.name == name }).step
        let single = try Self.judge(step, deltas: 1_000)
        let double = try Self.judge(step, deltas: 2_000)
        #expect(single.outcomes == double.outcomes)
        #expect(double.evaluations <= 2 * single.evaluations + 16, "\(single.evaluations) then \(double.evaluations)")
    }
}
