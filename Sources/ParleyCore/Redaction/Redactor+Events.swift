import ParleyModel

extension Redactor {
    /// `event` with every secret masked in every string it carries.
    public func redact(_ event: PluginEvent) -> PluginEvent {
        guard !secrets.isEmpty else { return event }
        var copy = event
        copy.flow = event.flow.map(redact)
        switch event.kind {
        case .runStarted(let runs): copy.kind = .runStarted(runs.map(redact))
        case .flowStarted, .stepStarted: break
        case .userAction(let action): copy.kind = .userAction(redact(action))
        case .agentEvent(let agentEvent, let offset): copy.kind = .agentEvent(redact(agentEvent), offset: offset)
        case .stepFinished(let result): copy.kind = .stepFinished(redact(result))
        case .log(let text): copy.kind = .log(redact(text))
        case .flowFinished(let result): copy.kind = .flowFinished(redact(result))
        }
        return copy
    }

    /// `summary` with every secret masked.
    public func redact(_ summary: RunSummary) -> RunSummary {
        guard !secrets.isEmpty else { return summary }
        var copy = summary
        copy.results = summary.results.map(redact)
        copy.pluginFailures = summary.pluginFailures.map(redact)
        return copy
    }

    func redact(_ run: FlowRun) -> FlowRun {
        var copy = run
        copy.name = redact(run.name)
        return copy
    }

    func redact(_ result: FlowResult) -> FlowResult {
        var copy = result
        copy.run = redact(result.run)
        if case .failed(let failure) = result.outcome { copy.outcome = .failed(redact(failure)) }
        if case .skipped(let reason) = result.outcome { copy.outcome = .skipped(reason: redact(reason)) }
        copy.steps = result.steps.map(redact)
        return copy
    }

    func redact(_ result: StepResult) -> StepResult {
        var copy = result
        if case .failed(let failure) = result.outcome { copy.outcome = .failed(redact(failure)) }
        copy.meaning = result.meaning.map { check in
            var masked = check
            masked.text = redact(check.text)
            masked.against = redact(check.against)
            masked.reason = check.reason.map(redact)
            return masked
        }
        return copy
    }

    func redact(_ failure: StepFailure) -> StepFailure {
        var copy = failure
        copy.message = redact(failure.message)
        return copy
    }

    func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null, .bool, .number: return value
        case .string(let text): return .string(redact(text))
        case .array(let items): return .array(items.map(redact))
        case .object(let members): return .object(members.map { JSONMember(redact($0.key), redact($0.value)) })
        }
    }

    /// Ids included: a flow answers the agent's own ids (a form's, a tool call's), which may echo a secret.
    func redact(_ action: UserAction) -> UserAction {
        switch action {
        case .send(let text): return .send(text: redact(text))
        case .tap(let suggestion): return .tap(suggestion: redact(suggestion))
        case .submit(let formID, let values, let button):
            let masked = values.map { JSONMember(redact($0.key), redact($0.value)) }
            return .submit(formID: redact(formID), values: masked, button: redact(button))
        case .click(let messageID, let elementID): return .click(messageID: redact(messageID), elementID: redact(elementID))
        case .schedule(let messageID, let slot): return .schedule(messageID: redact(messageID), slot: redact(slot))
        case .respondTool(let callID, let name, let result):
            return .respondTool(callID: redact(callID), name: redact(name), result: redact(result))
        case .resume(let id, let decision, let payload):
            return .resume(interruptID: id.map(redact), decision: decision, payload: payload.map(redact))
        case .typing, .end: return action
        }
    }
}
