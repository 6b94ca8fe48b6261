extension UserAction {
    /// The action's values as JSON, named the way event fields are (transcripts, console): `{"text": "Where is my order?"}`.
    public var fields: JSONValue {
        func object(_ pairs: (String, JSONValue?)...) -> JSONValue {
            .object(pairs.compactMap { key, value in value.map { JSONMember(key, $0) } })
        }
        switch self {
        case .send(let text): return object(("text", .string(text)))
        case .tap(let suggestion): return object(("suggestion", .string(suggestion)))
        case .submit(let formID, let values, let button):
            return object(("form_id", .string(formID)), ("values", .object(values)), ("button", .string(button)))
        case .click(let messageID, let elementID):
            return object(("message_id", .string(messageID)), ("element_id", .string(elementID)))
        case .schedule(let messageID, let slot): return object(("message_id", .string(messageID)), ("slot", .string(slot)))
        case .respondTool(let callID, let name, let result):
            return object(("call_id", .string(callID)), ("name", .string(name)), ("result", result))
        case .resume(let interruptID, let decision, let payload):
            return object(
                ("interrupt_id", interruptID.map(JSONValue.string)), ("decision", .string(decision.rawValue)),
                ("payload", payload))
        case .typing, .end: return .object([])
        }
    }
}
