/// Everything a flow can do to the agent (DESIGN section 2); a connector declares which it supports.
public enum UserAction: Hashable, Sendable {
    case send(text: String)
    case tap(suggestion: String)
    case submit(formID: String, values: [JSONMember], button: String)
    case click(messageID: String, elementID: String)
    case schedule(messageID: String, slot: String)
    case respondTool(callID: String, name: String, result: JSONValue)
    case resume(interruptID: String?, decision: ResumeDecision, payload: JSONValue?)
    case typing
    case end

    /// The action's kind, for capability checks.
    public var kind: Kind {
        switch self {
        case .send: return .send
        case .tap: return .tap
        case .submit: return .submit
        case .click: return .click
        case .schedule: return .schedule
        case .respondTool: return .respondTool
        case .resume: return .resume
        case .typing: return .typing
        case .end: return .end
        }
    }

    /// The kinds of action.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case send, tap, submit, click, schedule
        case respondTool = "respond_tool"
        case resume, typing, end
    }
}
