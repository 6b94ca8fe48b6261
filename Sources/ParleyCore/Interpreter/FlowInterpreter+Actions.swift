import ParleyModel

extension FlowInterpreter {
    /// The agent's turn is over: build the pending step's action and hand it to the runner.
    mutating func perform(at now: Duration) {
        guard let current = pending else { return }
        // `fill` without `submit` acts on nothing, but waits like an action so that it checks its
        // values against the form the agent sends in this turn, not an older one or none.
        if case .fill(let fill) = current.step.kind, fill.submit == nil {
            if let message = stage(fill) { return settle(current, failing: message, cause: .mismatch, at: now) }
            return settle(current, at: now)
        }
        var builder = ActionBuilder(conversation: conversation, interpolation: interpolation, staged: staged)
        switch builder.action(for: current.step.kind) {
        case .success(let action):
            noteSecrets(builder.secrets)
            staged = builder.staged
            // A typing indicator is not a message: the agent's turn goes on.
            if action != .typing { conversation.startTurn(at: now) }
            notes.append(.userAction(action))
            pending?.wait = .performing(action)
        case .failure(let failure):
            noteSecrets(builder.secrets)
            settle(current, failing: failure.message, cause: .mismatch, at: now)
        }
    }

    /// `fill` without `submit`: check the values against the form and keep them for the submit.
    mutating func stage(_ fill: FormFill) -> String? {
        var builder = ActionBuilder(conversation: conversation, interpolation: interpolation, staged: staged)
        let result = builder.stage(fill)
        noteSecrets(builder.secrets)
        staged = builder.staged
        if case .failure(let failure) = result { return failure.message }
        return nil
    }
}

/// Why an action could not be built: a message for the step's failure.
struct ActionFailure: Error, Hashable, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
