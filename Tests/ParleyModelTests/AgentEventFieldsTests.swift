import ParleyModel
import Testing

@Suite("events as expectations see them")
struct AgentEventFieldsTests {
    static let samples: [AgentEvent] = [
        .runStarted(runID: "r1", threadID: "t1"), .runFinished(runID: "r1", outcome: .success),
        .runError(message: "boom", code: "E1"), .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "Hi"),
        .textEnd(messageID: "m1"),
        .reply(Reply(messageID: "m1", text: "Hi", from: .live, agentName: "Sam", suggestions: ["Yes"], elements: .object([]))),
        .toolCallStart(id: "c1", name: "lookup"), .toolCallArgs(id: "c1", delta: "{"), .toolCallEnd(id: "c1"),
        .toolCall(ToolCall(id: "c1", name: "lookup", args: .object([JSONMember("order_id", "A-1")]))),
        .toolResult(id: "c1", name: "lookup", content: "shipped"), .cardStart(id: "k1", executionText: "Looking up"),
        .card(id: "k1", payload: .object([JSONMember("title", "Package")])), .cardEnd(id: "k1"),
        .interactive(InteractiveMessage(id: "f1", kind: .form, data: .object([JSONMember("title", "Contact Form")]))),
        .interactive(InteractiveMessage(id: "c2", kind: .card, data: .object([]))),
        .interactive(InteractiveMessage(id: "s1", kind: .scheduler, data: .object([]))),
        .goalCompleted(messageID: "f1"), .typing(who: .live, isTyping: true),
        .handoff(Handoff(stage: .liveAgentJoined, queuePosition: 2, wait: .seconds(30), queue: "billing", agentName: "Sam", reason: "asked", route: .object([]))),
        .system(text: "note", level: .warning), .sessionEnded(reason: "done"), .delivery(draftID: "d1", state: .sent),
        .connection(.reconnecting(attempt: 2)), .connection(.failed(reason: "refused")), .custom(name: "x", value: 1),
        .stateSnapshot(.object([])), .stateDelta(.array([])), .interrupt(id: "i1", reason: "approval", payload: .null),
        .turnEnded,
    ]

    @Test("every field an event shows is one its kinds declare", arguments: samples)
    func fieldsAreDeclared(event: AgentEvent) throws {
        guard case .object(let members) = event.fields else {
            Issue.record("fields of \(event) are not an object")
            return
        }
        for kind in event.kinds {
            let declared = kind.fields.map(\.name)
            for member in members {
                #expect(declared.contains(member.key), "\(kind.rawValue) shows undeclared field \(member.key)")
            }
        }
    }

    @Test("closed-value fields only ever hold declared values", arguments: samples)
    func closedValues(event: AgentEvent) {
        for kind in event.kinds {
            for field in kind.fields {
                guard let values = field.values, case .string(let value)? = event.fields[field.name] else { continue }
                #expect(values.contains(value), "\(kind.rawValue).\(field.name) = \(value)")
            }
        }
    }

    @Test("an interactive form answers to both 'interactive' and 'form'; a terminal handoff stage is its outcome")
    func kindsAndOutcome() {
        #expect(Self.samples[15].kinds == [.interactive, .form])
        let handoff = Self.samples[20]
        #expect(handoff.fields["outcome"] == "live_agent_joined")
        #expect(handoff.fields["wait"] == .number(30))
        #expect(AgentEvent.handoff(Handoff(stage: .queued)).fields["outcome"] == nil)
    }
}
