import ParleyModel

/// Checks `fill` values against the form the agent sent (CometChat's `formFields`), before
/// anything is submitted: unknown ids, values outside a choice's options, missing required fields.
struct FormCheck {
    let form: InteractiveMessage

    private var fields: [JSONValue] {
        if case .array(let fields) = form.data["formFields"] { return fields }
        return []
    }

    /// The submit button's id.
    var submitID: String? { Self.string(form.data["submitElement"]?["elementId"]) }

    /// Every element id in interactive data or a card payload, in order: form fields, the submit
    /// button, card actions and buttons.
    static func elementIDs(in data: JSONValue) -> [String] {
        var ids: [String] = []
        for key in ["formFields", "cardActions", "actions", "buttons"] {
            if case .array(let items) = data[key] { ids += items.compactMap { string($0["elementId"] ?? $0["id"]) } }
        }
        if let submit = string(data["submitElement"]?["elementId"]) { ids.append(submit) }
        if let schedule = string(data["scheduleElement"]?["elementId"]) { ids.append(schedule) }
        return ids
    }

    /// Checks one value.
    func check(_ id: String, _ value: JSONValue) throws {
        guard let field = fields.first(where: { Self.string($0["elementId"]) == id }) else {
            let known = fields.compactMap { Self.string($0["elementId"]) }.joined(separator: ", ")
            throw ActionFailure("fill: form \"\(form.id)\" has no element \"\(id)\"; its elements: \(known)")
        }
        let type = Self.string(field["elementType"]) ?? "textInput"
        switch type {
        case "label", "button":
            throw ActionFailure("fill: \(id) is a \(type), not a field that takes a value")
        case "dropdown", "radio", "singleSelect", "checkbox":
            let options = Self.options(field)
            let chosen: [JSONValue]
            if case .array(let items) = value { chosen = items } else { chosen = [value] }
            if type != "checkbox" && chosen.count != 1 {
                throw ActionFailure("fill: \(id) is a \(type) and takes one value, got \(chosen.count)")
            }
            for choice in chosen {
                let text = Self.text(choice)
                guard options.contains(text) else {
                    throw ActionFailure("fill: \(id): \(JSONValue.quoted(text)) is not one of its options: \(options.joined(separator: ", "))")
                }
            }
        default:
            return
        }
    }

    /// Checks that every required field has a value and that `button` submits this form.
    func requireComplete(_ values: [JSONMember], button: String) throws {
        for field in fields {
            guard let id = Self.string(field["elementId"]) else { continue }
            let type = Self.string(field["elementType"]) ?? "textInput"
            let optional = field["optional"] == .bool(true)
            let hasDefault = field["defaultValue"].map { $0 != .null } ?? false
            if !optional && !["label", "button", "checkbox"].contains(type) && !hasDefault && !values.contains(where: { $0.key == id }) {
                throw ActionFailure("fill: required field \(id) of form \"\(form.id)\" has no value")
            }
        }
        let buttons = [submitID].compactMap { $0 } + fields.filter { Self.string($0["elementType"]) == "button" }.compactMap { Self.string($0["elementId"]) }
        if !buttons.isEmpty && !buttons.contains(button) {
            throw ActionFailure("fill: \(button) does not submit form \"\(form.id)\"; its submit button: \(buttons.joined(separator: ", "))")
        }
    }

    private static func options(_ field: JSONValue) -> [String] {
        guard case .array(let options) = field["options"] else { return [] }
        return options.compactMap { string($0["value"]) ?? string($0) }
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    private static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.compactText()
    }
}
