import ParleyModel

/// The elements of an interactive message's `interactiveData` (protocols/cometchat.md 4.1): form
/// fields, the submit and schedule buttons, card actions.
enum InteractiveElements {
    /// Every element object with an `elementId`, in order: form fields, the submit button, card
    /// actions, the schedule button.
    static func all(in data: JSONValue) -> [JSONValue] {
        var elements = data.arrayMember("formFields") ?? []
        if let submit = data.objectMember("submitElement") { elements.append(submit) }
        elements += data.arrayMember("cardActions") ?? []
        if let schedule = data.objectMember("scheduleElement") { elements.append(schedule) }
        return elements.filter { $0.stringMember("elementId") != nil }
    }

    /// The buttons among them: the submit and schedule elements, card actions, and form fields of
    /// type `button`.
    static func buttons(in data: JSONValue) -> [JSONValue] {
        let special = [data.objectMember("submitElement"), data.objectMember("scheduleElement")].compactMap { $0 }
        return all(in: data).filter { element in
            element.stringMember("elementType") == "button" || special.contains(element)
                || (data.arrayMember("cardActions") ?? []).contains(element)
        }
    }

    /// The form's values for `formData`: each field's submitted value, else its `defaultValue`
    /// (the UI kit pre-fills defaults), in the form's order, then any other submitted values.
    static func formData(_ values: [JSONMember], form data: JSONValue) -> [JSONMember] {
        var result: [JSONMember] = []
        for field in data.arrayMember("formFields") ?? [] {
            guard let id = field.stringMember("elementId"), !["button", "label"].contains(field.stringMember("elementType") ?? "") else {
                continue
            }
            if let given = values.last(where: { $0.key == id }) {
                result.append(given)
            } else if let fallback = field["defaultValue"], fallback != .null {
                result.append(JSONMember(id, fallback))
            }
        }
        for value in values where !result.contains(where: { $0.key == value.key }) { result.append(value) }
        return result
    }
}
