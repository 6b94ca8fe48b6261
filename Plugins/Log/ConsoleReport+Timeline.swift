import ParleyCore
import ParleyModel

extension ConsoleReport {
    /// One debug timeline line's text and depth: a step's lines sit at its own depth, nil nests
    /// the line one level under the step running.
    typealias TimelineLine = (text: String, depth: Int?)
    /// What builds a timeline line for an event, nil for events that have none.
    typealias TimelineText = @Sendable (PluginEvent.Kind, ConsoleStyle) -> TimelineLine?

    /// The debug timeline's text for an event: steps, user actions, agent events and log texts.
    static func timelineLine(_ kind: PluginEvent.Kind, style: ConsoleStyle) -> TimelineLine? {
        switch kind {
        case .stepStarted(let step):
            return ("▸ " + ConsoleStyle.safe(step.summary), step.depth)
        case .userAction(let action):
            return ("→ \(action.kind.rawValue) \(ConsoleStyle.oneLine(action.fields.compactText()))", nil)
        case .agentEvent(let agentEvent, _):
            let kind = agentEvent.kinds.first?.rawValue ?? "raw"
            return ("← \(kind) \(ConsoleStyle.oneLine(agentEvent.fields.compactText()))", nil)
        case .stepFinished(let result):
            return (stepLine(result, style: style), result.step.depth)
        case .log(let text):
            return ("log: " + ConsoleStyle.safe(text), nil)
        case .runStarted, .flowStarted, .flowFinished:
            return nil
        }
    }

    private static func stepLine(_ result: StepResult, style: ConsoleStyle) -> String {
        let time = ConsoleStyle.duration(result.duration)
        let summary = ConsoleStyle.safe(result.step.summary)
        switch result.outcome {
        case .passed: return "\(style.paint("✓", .green)) \(summary)  \(time)"
        case .failed: return "\(style.paint("✗", .red)) \(summary)  \(time)"
        case .skipped: return "\(style.paint("-", .yellow)) \(summary) (skipped)"
        case .flaky(let attempts):
            return "\(style.paint("~", .yellow)) \(summary)  \(time) (flaky, passed on attempt \(attempts))"
        }
    }
}
