import Foundation
import ParleyModel

/// What a CometChat form accepts, read from its `interactiveData` (`formFields`, `submitElement`),
/// so the interpreter (before submitting) and the simulator (when judging a submission) agree.
///
/// Per element type: `textInput` takes text (numbers and booleans count as text) of at most
/// `maxLines` lines; `dropdown`, `radio` and `singleSelect` exactly one option value; `checkbox` a
/// list of option values (or one); `dateTime` a value in its `mode`'s format within `from`/`to`;
/// `label` and `button` take no value, nor does an element with `enabled: false`. A field is
/// required unless it is `optional: true`, has a `defaultValue`, is disabled or takes no value;
/// a required field needs a non-empty value. Other element types take any value.
public struct FormRules: Hashable, Sendable {
    /// The form's message id, which problems name.
    public let formID: String
    /// The form's fields, as sent.
    public let fields: [JSONValue]
    /// The submit element's id, when it has one.
    public let submitID: String?

    /// Reads the rules of the form `formID` from its interactive data.
    public init(formID: String, data: JSONValue) {
        self.formID = formID
        if case .array(let fields)? = data["formFields"] { self.fields = fields } else { self.fields = [] }
        submitID = Self.text(data["submitElement"]?["elementId"])
    }

    /// Reads the rules of a form message.
    public init(_ form: InteractiveMessage) {
        self.init(formID: form.id, data: form.data)
    }

    /// The ids of the form's fields, in order (labels and buttons included).
    public var fieldIDs: [String] { fields.compactMap { Self.text($0["elementId"]) } }

    /// The buttons that submit the form: its submit element, then any button among its fields.
    public var submitButtons: [String] {
        [submitID].compactMap { $0 } + fields.filter { Self.type(of: $0) == "button" }.compactMap { Self.text($0["elementId"]) }
    }

    /// The problem with giving element `id` the value `value`, or nil when it may have it. An
    /// empty value (null, blank text, empty list) is no value: only `required(in:)` judges it.
    public func check(_ id: String, _ value: JSONValue) -> FormProblem? {
        guard let field = fields.first(where: { Self.text($0["elementId"]) == id }) else {
            return .unknownElement(form: formID, id: id, elements: fieldIDs)
        }
        return Self.problem(with: value, for: field, id: id)
    }

    /// The problem with submitting through `button`, or nil when it submits this form (an empty
    /// `button` means the form's own submit element, and a form with no buttons takes any).
    public func checkButton(_ button: String) -> FormProblem? {
        let buttons = submitButtons
        guard !button.isEmpty, !buttons.isEmpty, !buttons.contains(button) else { return nil }
        return .notASubmitButton(form: formID, button: button, buttons: buttons)
    }

    /// The required fields `values` leaves without a value, in form order.
    public func required(in values: [JSONMember]) -> [FormProblem] {
        fields.compactMap { field in
            guard let id = Self.text(field["elementId"]), Self.isRequired(field) else { return nil }
            let given = values.last { $0.key == id }?.value
            return given.map(Self.isEmpty) ?? true ? .required(form: formID, id: id, label: Self.text(field["label"])) : nil
        }
    }

    /// Everything wrong with a whole submission: the button, unknown ids in the order given, then
    /// per field in form order a missing required value or a value it does not take.
    public func problems(in values: [JSONMember], button: String) -> [FormProblem] {
        var problems = [checkButton(button)].compactMap { $0 }
        let ids = fieldIDs
        problems += values.filter { !ids.contains($0.key) }.map { .unknownElement(form: formID, id: $0.key, elements: ids) }
        let missing = required(in: values)
        for field in fields {
            guard let id = Self.text(field["elementId"]) else { continue }
            if let problem = missing.first(where: { $0.elementID == id }) {
                problems.append(problem)
            } else if let value = values.last(where: { $0.key == id })?.value, let problem = Self.problem(with: value, for: field, id: id) {
                problems.append(problem)
            }
        }
        return problems
    }

    // MARK: - Fields

    /// `elementType`, `textInput` when missing.
    static func type(of field: JSONValue) -> String {
        text(field["elementType"]) ?? "textInput"
    }

    static func isRequired(_ field: JSONValue) -> Bool {
        let type = type(of: field)
        let hasDefault = field["defaultValue"].map { $0 != .null } ?? false
        return field["optional"] != .bool(true) && !hasDefault && field["enabled"] != .bool(false) && type != "label" && type != "button"
    }

    static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case .array(let items): return items.isEmpty
        case .bool, .number, .object: return false
        }
    }

    static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// A scalar as the text a form would hold: strings as they are, numbers and booleans as written.
    static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number, .bool: return value.compactText()
        case .null, .array, .object: return nil
        }
    }
}
