import Foundation
import ParleyCore
import ParleyModel
import ParleyParser

/// Reads `interactive` messages and checks what the simulator later relies on to judge answers:
/// element ids, the goal's elements, and a scheduler's availability.
struct InteractiveReader {
    let context: ParseContext

    func interactive(_ node: YAMLNode) -> InteractiveSpec? {
        guard let map = MappingReader(node, context, expected: "a mapping like { id: …, kind: form, data: {...}, goal: {...} }") else {
            return nil
        }
        map.rejectUnknownKeys(allowed: ["id", "kind", "data", "goal"], in: "'interactive'", context)
        map.require(["id", "kind", "data"], in: "'interactive'", context)
        guard let id = map["id"].flatMap({ context.scriptTemplate($0, "the message id") }),
            let kind = map["kind"].flatMap({ context.word($0, InteractiveKind.self, what: "interactive kind") }),
            let dataNode = map["data"], let data = MappingReader(dataNode, context, expected: "CometChat's interactiveData, a mapping")
        else { return nil }
        let elements = elementIDs(data)
        checkShape(kind, data)
        var goal = InteractionGoal(kind: .none)
        if let node = map["goal"] {
            guard let parsed = self.goal(node, elements: elements) else { return nil }
            goal = parsed
        }
        return InteractiveSpec(id: id, kind: kind, data: context.scriptValueTemplate(dataNode), goal: goal)
    }

    /// The literal element ids of fields, buttons and actions.
    private func elementIDs(_ data: MappingReader) -> [String] {
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

    private func checkShape(_ kind: InteractiveKind, _ data: MappingReader) {
        switch kind {
        case .form:
            data.require(["formFields", "submitElement"], in: "a form's data", context)
        case .card, .custom:
            break
        case .scheduler:
            data.require(["availability"], in: "a scheduler's data", context)
            if let node = data["availability"] { availability(node) }
            if let node = data["duration"] { _ = context.count(node, minimum: 1, "the slot length in minutes") }
            if let node = data["bufferTime"] { _ = context.count(node, minimum: 0, "the buffer after a meeting in minutes") }
            for key in ["dateRangeStart", "dateRangeEnd"] {
                guard let node = data[key], let text = context.string(node, "an ISO date like 2026-11-01") else { continue }
                if DateRangeBound(text) == nil {
                    context.error("'\(text)' is not an ISO date or date-time; write it like 2026-11-01 or 2026-11-01T09:00", at: node.location)
                }
            }
            if let node = data["timezoneCode"], let text = context.string(node, "an IANA time zone like Europe/London"),
                TimeZone(identifier: text) == nil
            {
                context.error("unknown time zone '\(text)'; write an IANA id like Europe/London or UTC", at: node.location)
            }
        }
    }

    /// `availability: { monday: ["09:00-12:00", …] }` or the Android UI kit's
    /// `{ monday: [{ from: "0900", to: "1200" }] }`: the windows slots are checked against, read
    /// the way Core's `SchedulerRules` reads them.
    private func availability(_ node: YAMLNode) {
        guard let days = MappingReader(node, context, expected: "a mapping like { monday: [\"09:00-12:00\"] }") else { return }
        for (day, windows) in days.pairs {
            if Weekday(named: day.value) == nil {
                let names = Weekday.allCases.map(\.rawValue)
                context.error(
                    "unknown day '\(day.value)' (expected monday … sunday)\(Suggestion.hint(for: day.value, in: names))",
                    at: day.location)
            }
            for window in context.list(windows) { self.window(window) }
        }
    }

    /// One window: `"09:00-12:00"` or `{ from: "0900", to: "1200" }`.
    private func window(_ node: YAMLNode) {
        if case .mapping = node.value {
            guard let bounds = MappingReader(node, context, expected: "a time window") else { return }
            bounds.rejectUnknownKeys(allowed: ["from", "to"], in: "a time window", context)
            bounds.require(["from", "to"], in: "a time window", context)
            guard let from = bounds["from"].flatMap({ context.string($0, "a time like \"0900\"") }),
                let to = bounds["to"].flatMap({ context.string($0, "a time like \"1200\"") })
            else { return }
            if TimeWindow(.object([JSONMember("from", .string(from)), JSONMember("to", .string(to))])) == nil {
                context.error(
                    "'\(from)'-'\(to)' is not a time window; write it like { from: \"0900\", to: \"1200\" } (HHmm or HH:mm, from before to)",
                    at: node.location)
            }
            return
        }
        guard let text = context.string(node, "a time window like \"09:00-12:00\"") else { return }
        if TimeWindow(text) == nil {
            context.error("'\(text)' is not a time window; write it like \"09:00-12:00\"", at: node.location)
        }
    }

    private func goal(_ node: YAMLNode, elements: [String]) -> InteractionGoal? {
        guard let map = MappingReader(node, context, expected: "a mapping like { interactionType: anyOf, elementIds: [submit_btn] }") else {
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
