import ParleyModel

/// Every agent event and user action with every string it carries holding a canary, for tests
/// that prove a secret the agent echoes is masked in every field, ids and names included.
///
/// It cannot go stale quietly: `gaps(in:)` lists every optional left nil, every empty list and
/// every string without the canary, so a field added later must be filled here; `caseName(of:)`
/// switches over every case, so a case added later must be named here, and a test checks that the
/// table covers every `EventKind` and every named case.
public enum CanaryEvents {
    /// One event of every case (every interactive kind, every agentic message type), every string
    /// field holding `canary`, every optional set and every list filled.
    public static func all(_ canary: String) -> [AgentEvent] {
        let c = canary
        let json: JSONValue = .object([
            JSONMember("k-\(c)", .string("v-\(c)")), JSONMember("list-\(c)", .array([.string(c), .number(1), .bool(true), .null])),
        ])
        let interactions = [Interaction(elementID: "el-\(c)", interactedAt: 1)]
        func interactive(_ kind: InteractiveKind) -> AgentEvent {
            .interactive(
                InteractiveMessage(
                    id: "form-\(c)", kind: kind, data: json, goal: InteractionGoal(kind: .anyOf, elementIDs: ["goal-\(c)"]),
                    sender: "uid-\(c)", receiver: "to-\(c)", receiverType: "user-\(c)", allowSenderInteraction: true,
                    interactions: interactions))
        }
        func agentic(_ type: AgenticMessageType) -> AgentEvent {
            .agenticMessage(
                AgenticMessage(
                    id: "am-\(c)", type: type, runID: "run-\(c)", threadID: "thread-\(c)", sender: "agent-\(c)", text: "text \(c)",
                    elements: json, toolCalls: json, toolCallID: "call-\(c)", receiver: "to-\(c)", metadata: json))
        }
        return [
            .runStarted(runID: "run-\(c)", threadID: "thread-\(c)"),
            .runFinished(runID: "run-\(c)", outcome: .success),
            .runError(message: "failed: \(c)", code: "E_\(c)"),
            .textStart(messageID: "msg-\(c)"),
            .textDelta(messageID: "msg-\(c)", delta: "delta \(c)"),
            .textEnd(messageID: "msg-\(c)"),
            .reply(
                Reply(
                    messageID: "msg-\(c)", text: "reply \(c)", from: .live, agentName: "Agent \(c)", suggestions: ["tap \(c)"],
                    attachments: [json], callActions: [json], elements: json)),
            .toolCallStart(id: "call-\(c)", name: "tool_\(c)"),
            .toolCallArgs(id: "call-\(c)", delta: #"{"a": "\#(c)"}"#),
            .toolCallEnd(id: "call-\(c)"),
            .toolCall(ToolCall(id: "call-\(c)", name: "tool_\(c)", args: json, displayName: "Tool \(c)", executionText: "Running \(c)")),
            .toolResult(id: "call-\(c)", name: "tool_\(c)", content: json),
            .cardStart(id: "card-\(c)", executionText: "Drawing \(c)"),
            .card(id: "card-\(c)", payload: json),
            .cardEnd(id: "card-\(c)"),
            interactive(.form), interactive(.card), interactive(.scheduler), interactive(.custom),
            .goalCompleted(messageID: "form-\(c)", source: .server),
            agentic(.assistant), agentic(.toolArguments), agentic(.toolResult),
            .action(
                PerformedAction(
                    messageID: "card-\(c)", elementID: "btn-\(c)", type: "apiAction-\(c)", url: "https://x.test/\(c)", method: "POST-\(c)",
                    payload: json, status: 500, response: json, error: "refused \(c)")),
            .typing(who: .agent, isTyping: true),
            .handoff(
                Handoff(
                    stage: .queued, queuePosition: 2, wait: .seconds(3), queue: "queue-\(c)", agentName: "Live \(c)", reason: "why \(c)",
                    route: json)),
            .system(text: "system \(c)", level: .warning),
            .sessionEnded(reason: "ended \(c)"),
            .delivery(draftID: "draft-\(c)", state: .sent),
            .connection(.failed(reason: "refused \(c)")),
            .custom(name: "event-\(c)", value: json),
            .stateSnapshot(json),
            .stateDelta(json),
            .interrupt(id: "int-\(c)", reason: "approve \(c)?", payload: json),
            .raw(json),
            .protocolWarning(message: "odd frame \(c)", frame: "{\"type\":\"\(c)\"}"),
            .turnEnded,
        ]
    }

    /// One action of every case, every string holding `canary` (a flow answers the agent's ids).
    public static func actions(_ canary: String) -> [UserAction] {
        let c = canary
        return [
            .send(text: "send \(c)"),
            .tap(suggestion: "tap \(c)"),
            .submit(formID: "form-\(c)", values: [JSONMember("field-\(c)", .string("value \(c)"))], button: "btn-\(c)"),
            .click(messageID: "card-\(c)", elementID: "btn-\(c)"),
            .schedule(messageID: "sched-\(c)", slot: "monday \(c)"),
            .respondTool(callID: "call-\(c)", name: "tool_\(c)", result: .object([JSONMember("k-\(c)", .string(c))])),
            .resume(interruptID: "int-\(c)", decision: .approve, payload: .object([JSONMember("k-\(c)", .string(c))])),
            .typing,
            .end,
        ]
    }

    /// The case's name; a case added to `AgentEvent` stops this compiling until it is named here
    /// and given an entry in `all(_:)`.
    public static func caseName(of event: AgentEvent) -> String {
        switch event {
        case .runStarted: return "runStarted"
        case .runFinished: return "runFinished"
        case .runError: return "runError"
        case .textStart: return "textStart"
        case .textDelta: return "textDelta"
        case .textEnd: return "textEnd"
        case .reply: return "reply"
        case .toolCallStart: return "toolCallStart"
        case .toolCallArgs: return "toolCallArgs"
        case .toolCallEnd: return "toolCallEnd"
        case .toolCall: return "toolCall"
        case .toolResult: return "toolResult"
        case .cardStart: return "cardStart"
        case .card: return "card"
        case .cardEnd: return "cardEnd"
        case .interactive: return "interactive"
        case .goalCompleted: return "goalCompleted"
        case .agenticMessage: return "agenticMessage"
        case .action: return "action"
        case .typing: return "typing"
        case .handoff: return "handoff"
        case .system: return "system"
        case .sessionEnded: return "sessionEnded"
        case .delivery: return "delivery"
        case .connection: return "connection"
        case .custom: return "custom"
        case .stateSnapshot: return "stateSnapshot"
        case .stateDelta: return "stateDelta"
        case .interrupt: return "interrupt"
        case .raw: return "raw"
        case .protocolWarning: return "protocolWarning"
        case .turnEnded: return "turnEnded"
        }
    }

    /// How many cases `caseName(of:)` names: raise it with each case added there.
    public static let caseCount = 32

    /// Every string reachable in `value` (struct fields, enum payloads, lists, JSON keys and values),
    /// with its path.
    public static func strings(in value: Any) -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        walk(value, "event") { path, text in found.append((path, text)) } gap: { _ in }
        return found
    }

    /// What keeps `value` from proving every field is masked: optionals left nil, empty lists, and
    /// strings without `canary`. Empty when every field carries the canary.
    public static func gaps(in value: Any, canary: String) -> [String] {
        var gaps: [String] = []
        walk(value, "event") { path, text in
            if !text.contains(canary) { gaps.append("\(path) = \"\(text)\" holds no canary") }
        } gap: { gaps.append($0) }
        return gaps
    }

    private static func walk(_ value: Any, _ path: String, string: (String, String) -> Void, gap: (String) -> Void) {
        if let text = value as? String {
            string(path, text)
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional where mirror.children.isEmpty: gap("\(path) is nil")
        case .collection where mirror.children.isEmpty, .set where mirror.children.isEmpty,
            .dictionary where mirror.children.isEmpty:
            gap("\(path) is empty")
        default: break
        }
        for (index, child) in mirror.children.enumerated() {
            walk(child.value, "\(path).\(child.label ?? String(index))", string: string, gap: gap)
        }
    }
}
