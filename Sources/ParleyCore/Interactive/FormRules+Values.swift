import ParleyModel

/// Whether one field takes one value, by the field's type.
extension FormRules {
    static func problem(with value: JSONValue, for field: JSONValue, id: String) -> FormProblem? {
        let type = type(of: field)
        if type == "label" || type == "button" { return .takesNoValue(id: id, elementType: type) }
        if field["enabled"] == .bool(false) { return .disabled(id: id) }
        if isEmpty(value) { return nil }
        switch type {
        case "textInput": return textProblem(value, field, id)
        case "dropdown", "radio", "singleSelect", "checkbox": return choiceProblem(value, field, id, type: type)
        case "dateTime": return dateTimeProblem(value, field, id)
        default: return nil
        }
    }

    private static func textProblem(_ value: JSONValue, _ field: JSONValue, _ id: String) -> FormProblem? {
        guard let text = scalarText(value) else { return .notText(id: id, value: value) }
        // A limit past the whole numbers (an agent's `1e300`) is no limit any text could reach, not a trap.
        guard case .number(let bound)? = field["maxLines"], bound >= 1, let limit = Int(checked: bound.rounded(.down)) else { return nil }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        return lines > limit ? .tooManyLines(id: id, lines: lines, maxLines: limit) : nil
    }

    private static func choiceProblem(_ value: JSONValue, _ field: JSONValue, _ id: String, type: String) -> FormProblem? {
        let chosen: [JSONValue]
        if case .array(let items) = value { chosen = items } else { chosen = [value] }
        if type != "checkbox", chosen.count != 1 { return .notOneValue(id: id, elementType: type, count: chosen.count) }
        let options = Self.options(field)
        for choice in chosen {
            let text = scalarText(choice) ?? choice.compactText()
            if !options.contains(text) { return .notAnOption(id: id, value: text, options: options) }
        }
        return nil
    }

    private static func dateTimeProblem(_ value: JSONValue, _ field: JSONValue, _ id: String) -> FormProblem? {
        let declared = text(field["mode"])
        guard let text = scalarText(value), let seconds = DateTimeText.seconds(text, mode: declared) else {
            return .notADateTime(id: id, value: scalarText(value) ?? value.compactText(), mode: declared)
        }
        let mode = DateTimeText.mode(of: text, declared: declared)
        if let from = Self.text(field["from"]), let earliest = DateTimeText.bound(from, mode: mode), seconds < earliest {
            return .beforeFrom(id: id, value: text, from: from)
        }
        if let to = Self.text(field["to"]), let latest = DateTimeText.bound(to, mode: mode), seconds > latest {
            return .afterTo(id: id, value: text, to: to)
        }
        return nil
    }

    /// The option values, as text.
    static func options(_ field: JSONValue) -> [String] {
        guard case .array(let options)? = field["options"] else { return [] }
        return options.compactMap { option in
            if let value = option["value"] { return scalarText(value) }
            return scalarText(option)
        }
    }
}
