import ParleyCore
import ParleyModel

/// Finds the first rule whose `when` matches an action, and what it binds for templates.
struct RuleMatcher {
    let script: AgentScript

    /// The index of the first matching rule and its bindings; nil when none matches.
    func match(_ incoming: Incoming, in state: ConversationState) -> (Int, [String: JSONValue])? {
        for (index, rule) in script.rules.enumerated() {
            for condition in rule.when {
                guard condition.state == nil || condition.state == state.name,
                    condition.memory.allSatisfy({ Self.same(state.memory[$0.key], $0.value) }),
                    var bindings = bindings(condition.trigger, incoming)
                else { continue }
                if let lookup = rule.lookup {
                    // A missing key means "this rule does not apply": the next rule is tried.
                    let key = ScriptRenderer(bindings: bindings, memory: state.memory).text(lookup.key)
                    guard let row = script.tables[lookup.table]?[key] else { continue }
                    bindings[lookup.name] = row
                }
                return (index, bindings)
            }
        }
        return nil
    }

    /// What `trigger` binds when it matches `incoming`; nil when it does not match.
    private func bindings(_ trigger: ScriptTrigger, _ incoming: Incoming) -> [String: JSONValue]? {
        switch trigger {
        case .text(let regex):
            guard case .text(let text, _) = incoming, let groups = regex.firstMatch(in: text) else { return nil }
            return groups.mapValues(JSONValue.string)
        case .tap(let suggestion):
            guard case .text(let text, tapped: true) = incoming, text == suggestion else { return nil }
            return [:]
        case .submit(let id):
            guard case .submit(let formID, let values) = incoming, formID == id else { return nil }
            return ["values": .object(values)]
        case .click(let elementID, let card):
            guard case .click(let cardID, let clicked) = incoming, clicked == elementID, card == nil || card == cardID else {
                return nil
            }
            return [:]
        case .schedule(let id):
            guard case .schedule(let schedulerID, let slot) = incoming, schedulerID == id else { return nil }
            var fields = [JSONMember("day", .string(slot.day.rawValue)), JSONMember("time", .string(slot.time))]
            if let date = slot.date { fields.append(JSONMember("date", .string(date))) }
            return ["slot": .object(fields)]
        case .toolResult(let tool, let pattern):
            guard case .toolResult(_, let name, let result) = incoming, name == tool,
                pattern.map({ Self.subset($0, of: result) }) ?? true
            else { return nil }
            return ["result": result]
        case .resume(let decision, let interruptID):
            guard case .resume(let id, let given, let payload) = incoming, given == decision, interruptID == nil || interruptID == id else {
                return nil
            }
            return ["payload": payload ?? .object([])]
        case .end:
            guard case .end = incoming else { return nil }
            return [:]
        }
    }

    /// Whether `pattern` is a subset of `value`: objects by their members, everything else equal.
    static func subset(_ pattern: JSONValue, of value: JSONValue) -> Bool {
        switch pattern {
        case .object(let members):
            return members.allSatisfy { member in value[member.key].map { subset(member.value, of: $0) } ?? false }
        case .array(let items):
            guard case .array(let values) = value, values.count == items.count else { return false }
            return zip(items, values).allSatisfy { subset($0, of: $1) }
        case .null, .bool, .number, .string:
            return same(value, pattern)
        }
    }

    /// Equal, or equal as text: a remembered "5" equals a qualifier's 5.
    static func same(_ value: JSONValue?, _ expected: JSONValue) -> Bool {
        guard let value else { return false }
        if value == expected { return true }
        return isScalar(value) && isScalar(expected) && Interpolation.text(value) == Interpolation.text(expected)
    }

    private static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .number, .string: return true
        case .array, .object: return false
        }
    }
}
