import ParleyModel

/// Checks `fill` values against the form the agent sent, before anything is submitted, by the
/// shared `FormRules`: unknown ids, values an element does not take, missing required fields.
struct FormCheck {
    let form: InteractiveMessage
    private let rules: FormRules

    init(form: InteractiveMessage) {
        self.form = form
        rules = FormRules(form)
    }

    /// The button a `fill` without `submit` presses: the submit element, else the form's first button.
    var submitID: String? { rules.submitButtons.first }

    /// Every element id in interactive data or a card payload, in order: form fields, card
    /// actions and buttons, the submit and schedule buttons, then the pressable elements of a
    /// card written in CometChat's card schema.
    static func elementIDs(in data: JSONValue) -> [String] {
        var ids: [String] = []
        for key in ["formFields", "cardActions", "actions", "buttons"] {
            if case .array(let items) = data[key] { ids += items.compactMap { FormRules.text($0["elementId"] ?? $0["id"]) } }
        }
        if let submit = FormRules.text(data["submitElement"]?["elementId"]) { ids.append(submit) }
        if let schedule = FormRules.text(data["scheduleElement"]?["elementId"]) { ids.append(schedule) }
        return ids + CardSchema.pressableIDs(in: data).filter { !ids.contains($0) }
    }

    /// Checks one value.
    func check(_ id: String, _ value: JSONValue) throws {
        if let problem = rules.check(id, value) { throw ActionFailure("fill: \(problem)") }
    }

    /// Checks that every required field has a value and that `button` submits this form.
    func requireComplete(_ values: [JSONMember], button: String) throws {
        if let problem = rules.required(in: values).first ?? rules.checkButton(button) { throw ActionFailure("fill: \(problem)") }
    }
}
