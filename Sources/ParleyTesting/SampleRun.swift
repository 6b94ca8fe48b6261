import Foundation
import ParleyCore
import ParleyModel

/// A hand-built run for plugin tests: four flows, two of them interleaved, one failing, one retried
/// into flaky and one skipped by Ctrl-C, plus a failed plugin.
public enum SampleRun {
    public static func at(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    public static func location(_ file: String, _ line: Int, _ column: Int = 5) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    public static let order = FlowRun(
        id: "Flows/01-order.flow.yaml", name: "Order status", path: "Flows/01-order.flow.yaml",
        location: location("Flows/01-order.flow.yaml", 1, 1), tags: ["smoke"])
    public static let refund = FlowRun(
        id: "Flows/02-refund.flow.yaml", name: "Refund", path: "Flows/02-refund.flow.yaml",
        location: location("Flows/02-refund.flow.yaml", 1, 1))
    public static let greeting = FlowRun(
        id: "Flows/03-greeting.flow.yaml", name: "Greeting", path: "Flows/03-greeting.flow.yaml",
        location: location("Flows/03-greeting.flow.yaml", 1, 1))
    public static var greetingRetry: FlowRun {
        var run = greeting  // the runner keeps the id across attempts
        run.attempt = 2
        return run
    }
    public static let handoff = FlowRun(
        id: "Flows/04-handoff.flow.yaml#row2", name: "Handoff [row 2]", path: "Flows/04-handoff.flow.yaml",
        location: location("Flows/04-handoff.flow.yaml", 1, 1), row: 2)

    public static let refundFailure = StepFailure(
        message: #"expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#, cause: .timeout,
        location: location("Flows/02-refund.flow.yaml", 8), waited: .seconds(5))
    public static let greetingFailure = StepFailure(
        message: "expected reply within 1s; got nothing", cause: .timeout,
        location: location("Flows/03-greeting.flow.yaml", 4), waited: .seconds(1))

    public static let askOrder = StepInfo(summary: #"send "Where is order A-1042?""#, location: location("Flows/01-order.flow.yaml", 5), depth: 0)
    public static let expectShipped = StepInfo(summary: "expect reply", location: location("Flows/01-order.flow.yaml", 6), depth: 0)
    public static let askRefund = StepInfo(summary: #"send "I want a refund""#, location: location("Flows/02-refund.flow.yaml", 7), depth: 0)
    public static let expectRefund = StepInfo(summary: "expect reply", location: location("Flows/02-refund.flow.yaml", 8), depth: 0)
    public static let greet = StepInfo(summary: "expect reply", location: location("Flows/03-greeting.flow.yaml", 4), depth: 0)

    public static let shipped = AgentEvent.reply(Reply(messageID: "m1", text: "Order A-1042 has shipped", suggestions: ["Track package"]))
    public static let sorry = AgentEvent.reply(Reply(messageID: "m2", text: "Sorry"))

    public static func results() -> (order: FlowResult, refund: FlowResult, greetingFirst: FlowResult, greeting: FlowResult, handoff: FlowResult) {
        let order = FlowResult(
            run: order, outcome: .passed,
            steps: [
                StepResult(step: askOrder, outcome: .passed, started: at(0.02), duration: at(0.001)),
                StepResult(step: expectShipped, outcome: .passed, started: at(0.021), duration: at(0.12)),
            ], started: at(0.01), duration: at(1.2), eventCount: 1)
        let refund = FlowResult(
            run: refund, outcome: .failed(refundFailure),
            steps: [
                StepResult(step: askRefund, outcome: .passed, started: at(0.02), duration: at(0.001)),
                StepResult(step: expectRefund, outcome: .failed(refundFailure), started: at(0.19), duration: at(5)),
            ], started: at(0.02), duration: at(5.2), eventCount: 1)
        let greetingFirst = FlowResult(
            run: greeting, outcome: .failed(greetingFailure),
            steps: [StepResult(step: greet, outcome: .failed(greetingFailure), started: .zero, duration: at(0.2))],
            started: at(5.3), duration: at(0.2), eventCount: 0)
        let greetingRetried = FlowResult(
            run: greetingRetry, outcome: .flaky,
            steps: [StepResult(step: greet, outcome: .passed, started: .zero, duration: at(0.35))],
            started: at(5.5), duration: at(0.4), eventCount: 1)
        let handoff = FlowResult(run: handoff, outcome: .skipped(reason: "interrupted"), steps: [], started: at(6), duration: .zero, eventCount: 0)
        return (order, refund, greetingFirst, greetingRetried, handoff)
    }

    /// The events, in the order a host would deliver them: the first two flows interleave. As
    /// SuiteRunner does, the retried flow's event says passed; only the summary says flaky.
    public static func events() -> [PluginEvent] {
        let results = results()
        func event(_ time: Double, _ flow: FlowRun?, _ kind: PluginEvent.Kind) -> PluginEvent {
            PluginEvent(time: at(time), flow: flow, kind: kind)
        }
        return [
            event(0, nil, .runStarted([order, refund, greeting, handoff])),
            event(0.01, order, .flowStarted),
            event(0.02, refund, .flowStarted),
            event(0.03, order, .stepStarted(askOrder)),
            event(0.031, order, .userAction(.send(text: "Where is order A-1042?"))),
            event(0.032, order, .stepFinished(results.order.steps[0])),
            event(0.033, order, .stepStarted(expectShipped)),
            event(0.04, refund, .stepStarted(askRefund)),
            event(0.041, refund, .userAction(.send(text: "I want a refund"))),
            event(0.042, refund, .stepFinished(results.refund.steps[0])),
            event(0.15, order, .agentEvent(shipped, offset: at(0.119))),
            event(0.151, order, .stepFinished(results.order.steps[1])),
            event(0.17, order, .log("order checked")),
            event(0.2, refund, .stepStarted(expectRefund)),
            event(0.3, refund, .agentEvent(sorry, offset: at(0.259))),
            event(1.21, order, .flowFinished(results.order)),
            event(5.2, refund, .stepFinished(results.refund.steps[1])),
            event(5.22, refund, .flowFinished(results.refund)),
            event(5.3, greeting, .flowStarted),
            event(5.3, greeting, .stepStarted(greet)),
            event(5.5, greeting, .stepFinished(results.greetingFirst.steps[0])),
            event(5.5, greeting, .flowFinished(results.greetingFirst)),
            event(5.5, greetingRetry, .flowStarted),
            event(5.5, greetingRetry, .stepStarted(greet)),
            event(5.6, greetingRetry, .agentEvent(.reply(Reply(messageID: "m3", text: "Hello")), offset: at(0.1))),
            event(5.85, greetingRetry, .stepFinished(results.greeting.steps[0])),
            event(5.9, greetingRetry, .flowFinished(passed(results.greeting))),
            event(6, handoff, .flowFinished(results.handoff)),
        ]
    }

    public static func passed(_ result: FlowResult) -> FlowResult {
        var result = result
        result.outcome = .passed
        return result
    }

    public static let startedAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// The summary the host would finish with: last attempts only, interrupted, one plugin failure.
    public static func summary(interrupted: Bool = true) -> RunSummary {
        let results = results()
        return RunSummary(
            results: [results.order, results.refund, results.greeting, results.handoff], startedAt: startedAt,
            duration: at(6), interrupted: interrupted, pluginFailures: ["webhook: POST http://127.0.0.1:9/hook answered 500"])
    }
}
