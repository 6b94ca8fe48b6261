import ParleyModel

/// One thing wrong with a value for a form, or with a submission as a whole. Its description is
/// the interpreter's wording (without the `fill: ` lead); the simulator words some cases its own way.
public enum FormProblem: Hashable, Sendable, CustomStringConvertible {
    /// The form has no element `id`; `elements` are the ids it has.
    case unknownElement(form: String, id: String, elements: [String])
    /// A label or button was given a value.
    case takesNoValue(id: String, elementType: String)
    /// An element with `enabled: false` was given a value.
    case disabled(id: String)
    /// A dropdown, radio or single select was given `count` values instead of one.
    case notOneValue(id: String, elementType: String, count: Int)
    /// A choice outside the element's option values.
    case notAnOption(id: String, value: String, options: [String])
    /// A text input was given a list or an object.
    case notText(id: String, value: JSONValue)
    /// A text input with `maxLines` was given more lines.
    case tooManyLines(id: String, lines: Int, maxLines: Int)
    /// A date-time element's value is not in its mode's format (`mode` nil: none was set).
    case notADateTime(id: String, value: String, mode: String?)
    /// A date-time value earlier than the element's `from`.
    case beforeFrom(id: String, value: String, from: String)
    /// A date-time value later than the element's `to`.
    case afterTo(id: String, value: String, to: String)
    /// A required field has no value (`label` is the field's label, when it has one).
    case required(form: String, id: String, label: String?)
    /// `button` is not a button of the form; `buttons` are the ones that submit it.
    case notASubmitButton(form: String, button: String, buttons: [String])

    /// The id of the element the problem is about (the button, for a wrong button).
    public var elementID: String {
        switch self {
        case .unknownElement(_, let id, _), .takesNoValue(let id, _), .disabled(let id), .notOneValue(let id, _, _),
            .notAnOption(let id, _, _), .notText(let id, _), .tooManyLines(let id, _, _), .notADateTime(let id, _, _),
            .beforeFrom(let id, _, _), .afterTo(let id, _, _), .required(_, let id, _):
            return id
        case .notASubmitButton(_, let button, _): return button
        }
    }

    /// The interpreter's wording: `country_dropdown: "france" is not one of its options: uk, usa`.
    public var description: String {
        switch self {
        case .unknownElement(let form, let id, let elements):
            return "form \"\(form)\" has no element \"\(id)\"; its elements: \(elements.joined(separator: ", "))"
        case .takesNoValue(let id, let type):
            return "\(id) is a \(type), not a field that takes a value"
        case .disabled(let id):
            return "\(id) is disabled (enabled: false) and takes no value"
        case .notOneValue(let id, let type, let count):
            return "\(id) is a \(type) and takes one value, got \(count)"
        case .notAnOption(let id, let value, let options):
            return "\(id): \(JSONValue.quoted(value)) is not one of its options: \(options.joined(separator: ", "))"
        case .notText(let id, let value):
            return "\(id) is a textInput and takes text, got \(value.compactText())"
        case .tooManyLines(let id, let lines, let maxLines):
            return "\(id) takes at most \(maxLines) line\(maxLines == 1 ? "" : "s") (maxLines), got \(lines)"
        case .notADateTime(let id, let value, let mode):
            return "\(id): \(JSONValue.quoted(value)) is not \(DateTimeText.expected(mode))"
        case .beforeFrom(let id, let value, let from):
            return "\(id): \(JSONValue.quoted(value)) is before its earliest (from), \(from)"
        case .afterTo(let id, let value, let to):
            return "\(id): \(JSONValue.quoted(value)) is after its latest (to), \(to)"
        case .required(let form, let id, _):
            return "required field \(id) of form \"\(form)\" has no value"
        case .notASubmitButton(let form, let button, let buttons):
            return "\(button) does not submit form \"\(form)\"; its submit button: \(buttons.joined(separator: ", "))"
        }
    }
}
