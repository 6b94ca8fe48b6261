import ParleyModel
import ParleyParser

/// Reads `interactive` messages and checks what the simulator later relies on to judge answers:
/// element ids, the goal's elements, and a scheduler's availability.
struct InteractiveReader {
    let context: ScriptContext

    func interactive(_ node: YAMLNode) -> InteractiveSpec? {
        guard let map = ScriptMapping(node, context, expected: "a mapping like { id: …, kind: form, data: {...}, goal: {...} }") else {
            return nil
        }
        map.rejectUnknownKeys(allowed: ["id", "kind", "data", "goal"], in: "'interactive'", context)
        map.require(["id", "kind", "data"], in: "'interactive'", context)
        guard let id = map["id"].flatMap({ context.template($0, "the message id") }),
            let kind = map["kind"].flatMap({ context.word($0, InteractiveKind.self, what: "interactive kind") }),
            let dataNode = map["data"], let data = ScriptMapping(dataNode, context, expected: "CometChat's interactiveData, a mapping")
        else { return nil }
        let elements = elementIDs(data)
        checkShape(kind, data)
        var goal = InteractionGoal(kind: .none)
        if let node = map["goal"] {
            guard let parsed = self.goal(node, elements: elements) else { return nil }
            goal = parsed
        }
        return InteractiveSpec(id: id, kind: kind, data: context.valueTemplate(dataNode), goal: goal)
    }

    /// The literal element ids of fields, buttons and actions.
    private func elementIDs(_ data: ScriptMapping) -> [String] {
        var nodes: [YAMLNode] = []
        for list in ["formFields", "cardActions"] {
            if let items = data[list], case .sequence(let entries) = items.value { nodes += entries }
        }
        nodes += ["submitElement", "scheduleElement"].compactMap { data[$0] }
        return nodes.compactMap { node in
            guard case .mapping(let pairs) = node.value, let id = pairs.first(where: { $0.key.value == "elementId" })?.value,
                case .scalar(let text, _) = id.value
            else { return nil }
            return text
        }
    }

    private func checkShape(_ kind: InteractiveKind, _ data: ScriptMapping) {
        switch kind {
        case .form:
            data.require(["formFields", "submitElement"], in: "a form's data", context)
        case .card, .custom:
            break
        case .scheduler:
            data.require(["availability"], in: "a scheduler's data", context)
            if let node = data["availability"] { availability(node) }
            if let node = data["duration"] { _ = context.integer(node, minimum: 1, "the slot length in minutes") }
        }
    }

    /// `availability: { monday: ["09:00-12:00", …] }`: the windows slots are checked against.
    private func availability(_ node: YAMLNode) {
        guard let days = ScriptMapping(node, context, expected: "a mapping like { monday: [\"09:00-12:00\"] }") else { return }
        for (day, windows) in days.pairs {
            if Weekday(rawValue: day.value.lowercased()) == nil {
                let names = Weekday.allCases.map(\.rawValue)
                context.error(
                    "unknown day '\(day.value)' (expected monday … sunday)\(Suggestion.hint(for: day.value, in: names))",
                    at: day.location)
            }
            for window in context.list(windows) {
                guard let text = context.string(window, "a time window like \"09:00-12:00\"") else { continue }
                if TimeWindow(text) == nil {
                    context.error("'\(text)' is not a time window; write it like \"09:00-12:00\"", at: window.location)
                }
            }
        }
    }

    private func goal(_ node: YAMLNode, elements: [String]) -> InteractionGoal? {
        guard let map = ScriptMapping(node, context, expected: "a mapping like { interactionType: anyOf, elementIds: [submit_btn] }") else {
            return nil
        }
        map.rejectUnknownKeys(allowed: ["interactionType", "elementIds"], in: "'goal'", context)
        map.require(["interactionType"], in: "'goal'", context)
        guard let kind = map["interactionType"].flatMap({ context.word($0, InteractionGoal.Kind.self, what: "interaction type") }) else {
            return nil
        }
        var ids: [String] = []
        if let list = map["elementIds"] {
            for item in context.list(list) {
                guard let id = context.string(item, "an element id") else { continue }
                if !elements.isEmpty, !elements.contains(id) {
                    context.error(
                        "the goal names '\(id)', which is not an element of this message (elements: \(elements.joined(separator: ", ")))\(Suggestion.hint(for: id, in: elements))",
                        at: item.location)
                }
                ids.append(id)
            }
        }
        if kind == .anyOf || kind == .allOf, ids.isEmpty {
            context.error("an '\(kind.rawValue)' goal needs 'elementIds'", at: node.location)
        }
        return InteractionGoal(kind: kind, elementIDs: ids)
    }
}
