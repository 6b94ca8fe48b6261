import ParleyCore
import ParleyModel

/// A `FlowInterpreter` driven by hand, with no clock and no I/O: each input takes the time it
/// happened, and returns the interpreter's output as it stands.
struct Machine {
    var interpreter: FlowInterpreter

    init(_ yaml: String, settings: FlowInterpreter.Settings = FlowInterpreter.Settings(), at start: Duration = .zero) throws {
        interpreter = FlowInterpreter(flow: try FlowText.parse(yaml), settings: settings, at: start)
    }

    init(flow: Flow, settings: FlowInterpreter.Settings = FlowInterpreter.Settings(), at start: Duration = .zero) {
        interpreter = FlowInterpreter(flow: flow, settings: settings, at: start)
    }

    mutating func start() -> InterpreterOutput { interpreter.start() }

    mutating func receive(_ event: AgentEvent, at time: Duration) -> InterpreterOutput {
        interpreter.received(event, at: time)
    }

    /// Feeds several events arriving at the same time; returns the last output.
    mutating func receive(_ events: [AgentEvent], at time: Duration) -> InterpreterOutput {
        var last = InterpreterOutput(notes: [], command: .finish(.passed))
        for event in events { last = interpreter.received(event, at: time) }
        return last
    }

    mutating func deadline(at time: Duration) -> InterpreterOutput { interpreter.deadlinePassed(at: time) }

    mutating func performed(at time: Duration) -> InterpreterOutput { interpreter.actionPerformed(at: time) }

    mutating func transportFailed(_ message: String, at time: Duration) -> InterpreterOutput {
        interpreter.transportFailed(ConnectorError(message), at: time)
    }

    /// Every finished step as `summary: outcome`, in the order they finished.
    var outcomes: [String] { interpreter.results.map(Self.line) }

    /// The failures of the finished steps, rendered `file:line:col: message`.
    var failures: [String] {
        interpreter.results.compactMap { result in
            if case .failed(let failure) = result.outcome { return failure.rendered }
            return nil
        }
    }

    static func line(_ result: StepResult) -> String {
        let outcome: String
        switch result.outcome {
        case .passed: outcome = "passed"
        case .failed: outcome = "failed"
        case .skipped: outcome = "skipped"
        case .flaky(let attempts): outcome = "flaky after \(attempts) attempts"
        }
        return "\(String(repeating: "  ", count: result.step.depth))\(result.step.summary): \(outcome)"
    }
}

extension InterpreterOutput {
    /// The steps this output reports finished, as `summary: outcome`.
    var finished: [String] {
        notes.compactMap { note in
            if case .stepFinished(let result) = note { return Machine.line(result) }
            return nil
        }
    }

    /// The failure of the flow, when the command is to finish it failed.
    var failure: StepFailure? {
        if case .finish(.failed(let failure)) = command { return failure }
        return nil
    }
}
