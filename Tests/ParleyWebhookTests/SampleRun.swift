import Foundation
import ParleyCore
import ParleyModel

/// Flow results and run summaries for webhook tests.
enum SampleRun {
    static func run(_ name: String, file: String) -> FlowRun {
        FlowRun(id: file, name: name, path: file, location: SourceLocation(file: file, line: 1, column: 1), tags: ["smoke"])
    }

    static let failure = StepFailure(
        message: "expected reply containing \"shipped\" within 5s; got \"Your order is pending\"", cause: .mismatch,
        location: SourceLocation(file: "Flows/02-refund.flow.yaml", line: 14, column: 5), waited: .milliseconds(1250)
    )

    static let step = StepInfo(
        summary: "expect reply", location: SourceLocation(file: "Flows/01-order.flow.yaml", line: 6, column: 5), depth: 0)

    static let passed = FlowResult(
        run: run("Order status", file: "Flows/01-order.flow.yaml"), outcome: .passed,
        steps: [
            StepResult(step: step, outcome: .passed, started: .zero, duration: .milliseconds(400)),
            StepResult(step: step, outcome: .passed, started: .milliseconds(400), duration: .milliseconds(800)),
        ],
        started: .zero, duration: .milliseconds(1200), eventCount: 7
    )

    static let failed = FlowResult(
        run: run("Refund <fast> & easy", file: "Flows/02-refund.flow.yaml"), outcome: .failed(failure),
        steps: [
            StepResult(step: step, outcome: .passed, started: .zero, duration: .milliseconds(300)),
            StepResult(step: step, outcome: .failed(failure), started: .milliseconds(300), duration: .milliseconds(1250)),
            StepResult(step: step, outcome: .skipped, started: .milliseconds(1550), duration: .zero),
        ],
        started: .milliseconds(1200), duration: .milliseconds(1550), eventCount: 3
    )

    static let flaky = FlowResult(
        run: run("Greeting", file: "Flows/03-greeting.flow.yaml"), outcome: .flaky,
        steps: [StepResult(step: step, outcome: .flaky(attempts: 2), started: .zero, duration: .seconds(2))],
        started: .milliseconds(2750), duration: .seconds(2), eventCount: 2
    )

    static let allPassed = RunSummary(
        results: [passed, flaky], startedAt: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(4750)
    )

    static let oneFailed = RunSummary(
        results: [passed, failed, flaky], startedAt: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(4750),
        pluginFailures: ["files: cannot write reports/junit.xml"]
    )

    /// The `flowFinished` event for `result`.
    static func finished(_ result: FlowResult) -> PluginEvent {
        PluginEvent(time: result.started + result.duration, flow: result.run, kind: .flowFinished(result))
    }
}
