import ParleyModel

/// The messages a play leaves behind: a run's persisted agentic messages, and interactive messages.
extension CometChatPlayEncoder {
    /// What follows `run_finished`: one `tool-arguments` message per tool call, each followed by
    /// its `tool-result`; results of calls made before this run; the `assistant` messages last,
    /// one per reply, each with the cards before it (and the last with any after it) in `elements`.
    func persisted(_ run: RunRecord, progress: inout Progress) -> [CometChatOutput] {
        var outputs: [CometChatOutput] = []
        func result(_ result: (callID: String, text: String)) {
            let data = progress.data([("text", .string(result.text)), ("toolCallId", .string(result.callID))])
            outputs.append(.message(CometChatDraft(ref: progress.newRef(), category: "agentic", type: "tool-result", data: data)))
        }
        for (call, arguments) in run.calls {
            let function = JSONValue.object([JSONMember("name", .string(call.name)), JSONMember("arguments", .string(arguments))])
            var members = [JSONMember("id", .string(call.id)), JSONMember("type", "function")]
            if let name = call.displayName { members.append(JSONMember("displayName", .string(name))) }
            if let text = call.executionText { members.append(JSONMember("executionText", .string(text))) }
            let data = progress.data([("toolCalls", .array([.object(members + [JSONMember("function", function)])]))])
            outputs.append(.message(CometChatDraft(ref: progress.newRef(), category: "agentic", type: "tool-arguments", data: data)))
            run.results.filter { $0.callID == call.id }.forEach(result)
        }
        run.results.filter { result in !run.calls.contains { $0.call.id == result.callID } }.forEach(result)
        for message in assistants(run.blocks, progress: &progress) {
            var fields: [(String, JSONValue?)] = [("text", .string(message.text))]
            if message.hasCard { fields.append(("elements", .array(message.elements))) }
            outputs.append(.message(CometChatDraft(ref: message.ref, category: "agentic", type: "assistant", data: progress.data(fields))))
        }
        return outputs
    }

    /// The run's assistant messages: each reply with the cards since the one before, in order;
    /// cards after the last reply join it, and cards with no reply at all make one message of their own.
    private func assistants(_ blocks: [RunRecord.Block], progress: inout Progress) -> [(ref: Int, text: String, elements: [JSONValue], hasCard: Bool)] {
        var messages: [(ref: Int, text: String, elements: [JSONValue], hasCard: Bool)] = []
        var cards: [JSONValue] = []
        for block in blocks {
            switch block {
            case .reply(let ref, let text):
                var elements = cards
                if !text.isEmpty { elements.append(.object([JSONMember("type", "text"), JSONMember("value", .string(text))])) }
                messages.append((ref, text, elements, !cards.isEmpty))
                cards = []
            case .card(let id, let payload):
                let value = JSONValue.object([JSONMember("card", payload), JSONMember("cardId", .string(id))])
                cards.append(.object([JSONMember("type", "card"), JSONMember("value", value)]))
            }
        }
        guard !cards.isEmpty else { return messages }
        if messages.isEmpty {
            messages.append((progress.newRef(), "", cards, true))
        } else {
            messages[messages.count - 1].elements += cards
            messages[messages.count - 1].hasCard = true
        }
        return messages
    }

    /// An interactive message: `interactiveData` as the script wrote it (a form's or scheduler's
    /// button without an action posts to `actionsURL`), the goal, no interactions yet, and
    /// `allowSenderInteraction` false unless the data says true. Its muid is the script's id.
    func interactive(_ message: InteractiveMessage, ref: Int) -> CometChatDraft {
        let goal = JSONValue.object([
            JSONMember("type", .string(message.goal.kind.rawValue)), JSONMember("elementIds", .array(message.goal.elementIDs.map(JSONValue.string))),
        ])
        let data = JSONValue.object([
            JSONMember("interactiveData", injectingAction(into: message)), JSONMember("interactionGoal", goal),
            JSONMember("interactions", .array([])),
            JSONMember("allowSenderInteraction", .bool(message.data["allowSenderInteraction"] == .bool(true))),
        ])
        return CometChatDraft(ref: ref, category: "interactive", type: message.kind.rawValue, muid: message.id, data: data, goal: message.goal)
    }

    /// The button that sends what the user chose: a form's `submitElement`, a scheduler's `scheduleElement`.
    static func sendingButton(of kind: InteractiveKind) -> String? {
        switch kind {
        case .form: return "submitElement"
        case .scheduler: return "scheduleElement"
        case .card, .custom: return nil
        }
    }

    private func injectingAction(into message: InteractiveMessage) -> JSONValue {
        guard let key = Self.sendingButton(of: message.kind), case .object(var members) = message.data,
            let index = members.firstIndex(where: { $0.key == key }), case .object(var button) = members[index].value,
            !button.contains(where: { $0.key == "action" })
        else { return message.data }
        let action = JSONValue.object([
            JSONMember("actionType", "apiAction"), JSONMember("url", .string(actionsURL)), JSONMember("method", "POST"),
        ])
        button.append(JSONMember("action", action))
        members[index].value = .object(button)
        return .object(members)
    }
}
