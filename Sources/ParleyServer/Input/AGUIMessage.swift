import ParleyModel

/// One message of a RunAgentInput's history (ag-ui.md 1.3), with what the simulator reads from it.
public struct AGUIMessage: Hashable, Sendable {
    /// AG-UI's message roles.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        case developer, system, assistant, user, tool, activity, reasoning
    }

    /// The message id, unique in the thread.
    public var id: String
    public var role: Role
    /// The content as text: the string, or the text parts of a content-part array joined by
    /// newlines; empty when there is none.
    public var text: String
    /// For a tool message, the call it answers.
    public var toolCallID: String?
    /// For an assistant message, the calls it made.
    public var toolCalls: [AGUIToolCall]

    /// Creates a message.
    public init(id: String, role: Role, text: String = "", toolCallID: String? = nil, toolCalls: [AGUIToolCall] = []) {
        self.id = id
        self.role = role
        self.text = text
        self.toolCallID = toolCallID
        self.toolCalls = toolCalls
    }

    /// Reads one message; `path` names it in errors (`messages[2]`).
    init(json: JSONValue, path: String) throws(RunInputError) {
        guard case .object = json else { throw RunInputError("\(path) is not an object") }
        let reader = FieldReader(value: json, path: path)
        id = try reader.string("id")
        let roleText = try reader.string("role")
        guard let role = Role(rawValue: roleText) else {
            throw RunInputError(
                "\(path).role \"\(roleText)\" is not one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.role = role
        text = Self.text(of: json["content"])
        toolCallID = reader.optionalString("toolCallId")
        toolCalls = []
        if case .array(let calls)? = json["toolCalls"] {
            for (index, call) in calls.enumerated() {
                let callReader = FieldReader(value: call, path: "\(path).toolCalls[\(index)]")
                let function = FieldReader(value: call["function"] ?? .null, path: "\(path).toolCalls[\(index)].function")
                toolCalls.append(
                    AGUIToolCall(
                        id: try callReader.string("id"), name: try function.string("name"),
                        arguments: function.optionalString("arguments") ?? ""))
            }
        }
    }

    /// A string, or the `text` of `{type: "text"}` parts joined by newlines.
    private static func text(of content: JSONValue?) -> String {
        switch content {
        case .string(let text)?:
            return text
        case .array(let parts)?:
            return parts.compactMap { part -> String? in
                guard case .string("text")? = part["type"], case .string(let text)? = part["text"] else { return nil }
                return text
            }.joined(separator: "\n")
        case nil, .null?, .bool?, .number?, .object?:
            return ""
        }
    }
}
