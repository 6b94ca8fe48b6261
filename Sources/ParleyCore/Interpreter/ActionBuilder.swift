import ParleyModel

/// Turns an action step into a `UserAction`, checking it against what the agent offered first:
/// a tap against the suggestions, a fill against the form, a click against the card's buttons.
struct ActionBuilder {
    let conversation: Conversation
    let interpolation: Interpolation
    /// Values staged by earlier `fill` steps, per form id.
    var staged: [String: [JSONMember]]
    /// Secret values rendered on the way.
    private(set) var secrets: Set<String> = []

    init(conversation: Conversation, interpolation: Interpolation, staged: [String: [JSONMember]]) {
        self.conversation = conversation
        self.interpolation = interpolation
        self.staged = staged
    }

    mutating func action(for kind: Step.Kind) -> Result<UserAction, ActionFailure> {
        Result {
            switch kind {
            case .send(let send): return .send(text: try render(send.text))
            case .tap(let template): return try tap(render(template))
            case .fill(let fill): return try submit(fill)
            case .click(let click): return try self.click(click)
            case .schedule(let slot): return try schedule(slot)
            case .respondTool(let response): return try respond(response)
            case .resume(let resume): return try self.resume(resume)
            case .end: return .end
            case .typing: return .typing
            case .expect, .expectNo, .expectSequence, .wait, .set, .capture, .conditional, .loop, .include, .retry, .log:
                throw ActionFailure("\(StepSummary.describe(kind)) is not an action")
            }
        }.mapError { $0 as? ActionFailure ?? ActionFailure("\($0)") }
    }

    /// Checks and stages the values of a `fill` without `submit`.
    mutating func stage(_ fill: FormFill) -> Result<Void, ActionFailure> {
        Result {
            let form = try latestForm()
            let values = try checkedValues(fill, form: form)
            staged[form.id] = values
        }.mapError { $0 as? ActionFailure ?? ActionFailure("\($0)") }
    }

    // MARK: - Each action

    private func tap(_ suggestion: String) throws -> UserAction {
        let offered = conversation.offeredSuggestions
        guard offered.contains(suggestion) else {
            let list = offered.isEmpty ? "the agent offered no suggestions" : "offered: " + offered.map(JSONValue.quoted).joined(separator: ", ")
            throw ActionFailure("tap \(JSONValue.quoted(suggestion)): not a suggestion the agent offered; \(list)")
        }
        return .tap(suggestion: suggestion)
    }

    private mutating func submit(_ fill: FormFill) throws -> UserAction {
        let form = try latestForm()
        let values = try checkedValues(fill, form: form)
        let check = FormCheck(form: form)
        let button = try fill.submit.map { try render($0) } ?? check.submitID ?? ""
        try check.requireComplete(values, button: button)
        staged[form.id] = nil
        return .submit(formID: form.id, values: values, button: button)
    }

    private mutating func checkedValues(_ fill: FormFill, form: InteractiveMessage) throws -> [JSONMember] {
        var values = staged[form.id] ?? []
        for assignment in fill.values {
            let value = try render(assignment.value)
            try FormCheck(form: form).check(assignment.name, value)
            values.removeAll { $0.key == assignment.name }
            values.append(JSONMember(assignment.name, value))
        }
        return values
    }

    private func latestForm() throws -> InteractiveMessage {
        guard let form = conversation.interactive(.form) else { throw ActionFailure("fill: the agent has not sent a form") }
        return form
    }

    private mutating func click(_ click: Click) throws -> UserAction {
        let element = try render(click.element)
        let target = try click.card.map { try render($0) }
        let candidates = conversation.history.reversed().compactMap(ClickTarget.init)
        let scoped = target.map { id in candidates.filter { $0.id == id } } ?? candidates
        if let target, scoped.isEmpty { throw ActionFailure("click \(element): the agent sent no card or message \"\(target)\"") }
        guard let hit = scoped.first(where: { $0.elements.contains(element) }) else {
            let offered = Array(Set(scoped.flatMap { $0.elements })).sorted()
            let list = offered.isEmpty ? "the agent sent no buttons" : "buttons offered: " + offered.joined(separator: ", ")
            throw ActionFailure("click \(element): no such button; \(list)")
        }
        return .click(messageID: hit.id, elementID: element)
    }

    private mutating func schedule(_ step: ScheduleSlot) throws -> UserAction {
        let slot = try render(step.slot)
        let id = try step.scheduler.map { try render($0) }
        guard let scheduler = conversation.interactive(id == nil ? .scheduler : nil, id: id) else {
            throw ActionFailure("schedule \(slot): the agent has not sent a scheduler" + (id.map { " \"\($0)\"" } ?? ""))
        }
        try SlotCheck(scheduler: scheduler).check(slot)
        return .schedule(messageID: scheduler.id, slot: slot)
    }

    private mutating func respond(_ response: ToolResponse) throws -> UserAction {
        let name = try response.name.map { try render($0) }
        let callID = try response.callID.map { try render($0) }
        let calls = conversation.history.compactMap { event -> ToolCall? in
            if case .toolCall(let call) = event { return call } else { return nil }
        }
        guard let call = calls.last(where: { (callID == nil || $0.id == callID) && (name == nil || $0.name == name) }) else {
            let made = calls.isEmpty ? "the agent made no tool calls" : "calls made: " + calls.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
            throw ActionFailure("respond_tool \(name ?? callID ?? ""): the agent has not made that call; \(made)")
        }
        return .respondTool(callID: call.id, name: call.name, result: try render(response.result))
    }

    private mutating func resume(_ resume: Resume) throws -> UserAction {
        let id = try resume.interrupt.map { try render($0) }
        let interrupts = conversation.history.compactMap { event -> String?? in
            if case .interrupt(let id, _, _) = event { return .some(id) } else { return nil }
        }
        guard let found = interrupts.last(where: { id == nil || $0 == id }) else {
            throw ActionFailure("resume: the agent has not raised " + (id.map { "interrupt \"\($0)\"" } ?? "an interrupt"))
        }
        return .resume(interruptID: found, decision: resume.decision, payload: try resume.payload.map { try render($0) })
    }

    // MARK: - Rendering

    private mutating func render(_ template: Template) throws -> String {
        switch interpolation.render(template) {
        case .success(let rendered):
            secrets.formUnion(rendered.secrets)
            return rendered.text
        case .failure(let failure): throw ActionFailure(failure.message, at: failure.location)
        }
    }

    private mutating func render(_ value: ValueTemplate) throws -> JSONValue {
        switch interpolation.render(value) {
        case .success(let (json, used)):
            secrets.formUnion(used)
            return json
        case .failure(let failure): throw ActionFailure(failure.message, at: failure.location)
        }
    }
}

/// Something the user can click: an interactive message's elements, or a card's actions and,
/// for a card in CometChat's card schema, its pressable elements (`FormCheck.elementIDs(in:)`).
private struct ClickTarget {
    var id: String
    var elements: [String]

    init?(_ event: AgentEvent) {
        if case .interactive(let message) = event {
            id = message.id
            elements = FormCheck.elementIDs(in: message.data)
        } else if case .card(let cardID, let payload) = event {
            id = cardID
            elements = FormCheck.elementIDs(in: payload)
        } else {
            return nil
        }
    }
}
