import ParleyModel

/// How a user action AG-UI has no message for (a tap, a form submission, a card button, a slot)
/// travels: a user message with readable text, and `forwardedProps.parley` saying exactly what was
/// done, so an agent that knows the convention (such as `parley serve`) can tell a tap from typing.
public enum ActionProps {
    /// The key under `forwardedProps`.
    public static let key = "parley"

    /// The user message text and the `forwardedProps.parley` value for `action`; nil for actions
    /// that travel another way (send, respond_tool, resume) or not at all (typing, end).
    public static func encode(_ action: UserAction) -> (text: String, props: JSONValue)? {
        switch action {
        case .tap(let suggestion):
            return (suggestion, CustomEventCodec.object(("action", "tap"), ("suggestion", .string(suggestion))))
        case .submit(let formID, let values, let button):
            let valuesObject = JSONValue.object(values)
            return (
                "[submit \(formID)] \(valuesObject.serialized())",
                CustomEventCodec.object(
                    ("action", "submit"), ("formId", .string(formID)), ("values", valuesObject),
                    ("button", button.isEmpty ? nil : .string(button)))
            )
        case .click(let messageID, let elementID):
            return (
                "[click \(elementID)]",
                CustomEventCodec.object(("action", "click"), ("messageId", .string(messageID)), ("elementId", .string(elementID)))
            )
        case .schedule(let messageID, let slot):
            return (
                "[schedule \(slot)]",
                CustomEventCodec.object(("action", "schedule"), ("messageId", .string(messageID)), ("slot", .string(slot)))
            )
        case .send, .respondTool, .resume, .typing, .end:
            return nil
        }
    }

    /// The action described by `forwardedProps.parley`, or nil when there is none or it is not one
    /// of the convention's.
    public static func decode(_ forwardedProps: JSONValue?) -> UserAction? {
        guard let props = forwardedProps?[key], case .string(let action) = props["action"] else { return nil }
        func text(_ key: String) -> String? {
            if case .string(let value) = props[key] { return value }
            return nil
        }
        switch action {
        case "tap":
            return text("suggestion").map { .tap(suggestion: $0) }
        case "submit":
            guard let formID = text("formId") else { return nil }
            var values: [JSONMember] = []
            if case .object(let members) = props["values"] { values = members }
            return .submit(formID: formID, values: values, button: text("button") ?? "")
        case "click":
            guard let messageID = text("messageId"), let elementID = text("elementId") else { return nil }
            return .click(messageID: messageID, elementID: elementID)
        case "schedule":
            guard let messageID = text("messageId"), let slot = text("slot") else { return nil }
            return .schedule(messageID: messageID, slot: slot)
        default:
            return nil
        }
    }
}
