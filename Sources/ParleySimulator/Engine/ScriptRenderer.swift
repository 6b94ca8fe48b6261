import ParleyModel

/// Renders a rule's templates with what its trigger bound and what the conversation remembers.
///
/// A reference with no value (an optional group that took no part in the match, a key never
/// remembered) reads as empty text: a simulated agent fills in a blank rather than failing a run.
struct ScriptRenderer {
    /// Regex groups, trigger data (`values`, `slot`…) and the lookup row, by head name.
    var bindings: [String: JSONValue]
    /// `${memory.…}`, read live so a `remember` earlier in the same play is seen.
    var memory: [String: JSONValue]

    func text(_ template: Template) -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal): text += literal
            case .reference(let reference, _): text += Interpolation.text(value(of: reference) ?? .null)
            }
        }
        return text
    }

    func text(_ template: Template?) -> String? {
        template.map(text)
    }

    /// A value template as JSON; a string that is exactly one reference keeps the value's type.
    func value(_ template: ValueTemplate) -> JSONValue {
        switch template {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text):
            if text.parts.count == 1, case .reference(let reference, _) = text.parts[0], let whole = value(of: reference) {
                return whole
            }
            return .string(self.text(text))
        case .array(let items): return .array(items.map(value))
        case .object(let members): return .object(members.map { JSONMember($0.key, value($0.value)) })
        }
    }

    private func value(of reference: Reference) -> JSONValue? {
        switch reference {
        case .variable(let name, let path):
            let root = name == "memory" ? .object(memory.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }) : bindings[name]
            return root.flatMap { Interpolation.reach(into: $0, path) }
        case .environment, .secret:
            return nil  // the parser refuses these in scripts
        }
    }
}
