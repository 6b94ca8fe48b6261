import ParleyModel

extension FlowInterpreter {
    /// The agent's turn is over: build the pending step's action and hand it to the runner.
    mutating func perform(at now: Duration) {
        guard let current = pending else { return }
        // `fill` without `submit` acts on nothing, but waits like an action so that it checks its
        // values against the form the agent sends in this turn, not an older one or none.
        if case .fill(let fill) = current.step.kind, fill.submit == nil {
            if let failure = stage(fill) { return settle(current, failing: failure.message, cause: .mismatch, location: failure.location, at: now) }
            return settle(current, at: now)
        }
        var builder = ActionBuilder(conversation: conversation, interpolation: interpolation, staged: staged)
        let built = builder.action(for: current.step.kind)
        if let refused = Self.refusal(current.step.kind) {
            // The step expects a refusal: it passes on a matching reason and sends nothing either way.
            noteSecrets(builder.secrets)
            switch built {
            case .success:
                return settle(current, failing: "expected \(StepSummary.describe(current.step.kind)) to be refused, but it was accepted", cause: .mismatch, at: now)
            case .failure(let failure):
                let result = evaluator.evaluate(refused, against: .string(failure.message))
                if result.passed { return settle(current, at: now) }
                let why = result.reasons.joined(separator: "; ")
                return settle(current, failing: "refused, but not as expected: \(failure.message) (\(why))", cause: .mismatch, at: now)
            }
        }
        switch built {
        case .success(let action):
            noteSecrets(builder.secrets)
            staged = builder.staged
            // A typing indicator is not a message: the agent's turn goes on.
            if action != .typing { conversation.startTurn(at: now) }
            notes.append(.userAction(action))
            pending?.wait = .performing(action)
        case .failure(let failure):
            noteSecrets(builder.secrets)
            settle(current, failing: failure.message, cause: .mismatch, location: failure.location, at: now)
        }
    }

    /// The matcher a click or schedule step's refusal must meet, when the step expects one.
    static func refusal(_ kind: Step.Kind) -> Matcher? {
        switch kind {
        case .click(let click): return click.refused
        case .schedule(let slot): return slot.refused
        case .send, .expect, .expectNo, .expectSequence, .tap, .fill, .respondTool, .resume, .end, .typing, .wait, .set, .capture,
            .conditional, .loop, .include, .retry, .log:
            return nil
        }
    }

    /// `fill` without `submit`: check the values against the form and keep them for the submit.
    mutating func stage(_ fill: FormFill) -> ActionFailure? {
        var builder = ActionBuilder(conversation: conversation, interpolation: interpolation, staged: staged)
        let result = builder.stage(fill)
        noteSecrets(builder.secrets)
        staged = builder.staged
        if case .failure(let failure) = result { return failure }
        return nil
    }
}

/// Why an action could not be built: a message for the step's failure, and where it is when
/// that is not the step itself (a `${…}` reference with no value).
struct ActionFailure: Error, Hashable, Sendable {
    var message: String
    var location: SourceLocation?
    init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}
