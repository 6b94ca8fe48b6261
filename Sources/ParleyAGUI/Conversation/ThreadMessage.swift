import ParleyModel

/// One message of the thread the client keeps and sends with every run (protocols/ag-ui.md 1.3).
public struct ThreadMessage: Hashable, Sendable {
    public var id: String
    /// `user`, `assistant`, `tool`, `system`, `developer`, …
    public var role: String
    /// Text content; nil for an assistant message that only calls tools.
    public var content: String?
    /// The assistant's tool calls, in order.
    public var toolCalls: [Call]
    /// For a tool message: the call it answers.
    public var toolCallID: String?
    /// For a tool message: the error that failed the client-side tool.
    public var error: String?
    /// Fields Parley does not model, kept from a MESSAGES_SNAPSHOT and sent back as they came.
    public var extra: [JSONMember]

    /// Creates a message.
    public init(id: String, role: String, content: String? = nil, toolCalls: [Call] = [], toolCallID: String? = nil, extra: [JSONMember] = []) {
        self.id = id
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.extra = extra
    }

    /// One tool call of an assistant message; `arguments` is JSON text, as on the wire.
    public struct Call: Hashable, Sendable {
        public var id: String
        public var name: String
        public var arguments: String

        /// Creates a call.
        public init(id: String, name: String, arguments: String) {
            self.id = id
            self.name = name
            self.arguments = arguments
        }
    }

    private static let modelled: Set<String> = ["id", "role", "content", "toolCalls", "toolCallId", "error"]

    /// A message from a MESSAGES_SNAPSHOT; nil when it has no id or role.
    public init?(json: JSONValue) {
        guard case .string(let id) = json["id"], case .string(let role) = json["role"], case .object(let members) = json else { return nil }
        self.init(id: id, role: role)
        switch json["content"] {
        case .string(let text)?: content = text
        case nil, .null?: content = nil
        case let other?: extra.append(JSONMember("content", other))
        }
        if case .array(let calls) = json["toolCalls"] {
            toolCalls = calls.compactMap { call in
                guard case .string(let id) = call["id"], case .string(let name) = call["function"]?["name"] else { return nil }
                var arguments = "{}"
                if case .string(let text) = call["function"]?["arguments"] { arguments = text }
                return Call(id: id, name: name, arguments: arguments)
            }
        }
        if case .string(let callID) = json["toolCallId"] { toolCallID = callID }
        if case .string(let text) = json["error"] { error = text }
        extra += members.filter { !Self.modelled.contains($0.key) }
    }

    /// The message as RunAgentInput carries it.
    public var json: JSONValue {
        var members = [JSONMember("id", .string(id)), JSONMember("role", .string(role))]
        if let content {
            members.append(JSONMember("content", .string(content)))
        } else if role != "assistant", !extra.contains(where: { $0.key == "content" }) {
            // Every role but assistant requires content.
            members.append(JSONMember("content", ""))
        }
        if !toolCalls.isEmpty {
            members.append(
                JSONMember(
                    "toolCalls",
                    .array(
                        toolCalls.map { call in
                            .object([
                                JSONMember("id", .string(call.id)), JSONMember("type", "function"),
                                JSONMember("function", .object([JSONMember("name", .string(call.name)), JSONMember("arguments", .string(call.arguments.isEmpty ? "{}" : call.arguments))])),
                            ])
                        })))
        }
        if let toolCallID { members.append(JSONMember("toolCallId", .string(toolCallID))) }
        if let error { members.append(JSONMember("error", .string(error))) }
        return .object(members + extra)
    }
}
