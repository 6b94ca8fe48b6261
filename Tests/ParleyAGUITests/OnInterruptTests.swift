import ParleyAGUI
import ParleyCore
import ParleyModel
import Testing

/// Interrupts as ag-ui-langgraph and ag-ui-crewai announce them by default (`emit_interrupt_outcome`
/// off): a CUSTOM `on_interrupt`, then a plain RUN_FINISHED; and how `resume` answers each.
struct OnInterruptTests {
    typealias Fixture = AGUIConversationTests

    static func onInterrupt(_ value: JSONValue, rawEvent: JSONValue? = nil) -> AGUIEvent {
        AGUIEvent(.custom, [("name", "on_interrupt"), ("value", value), ("rawEvent", rawEvent)])
    }

    static func interrupts(_ events: [AgentEvent]) -> [AgentEvent] {
        events.filter { if case .interrupt = $0 { true } else { false } }
    }

    /// What ag-ui-langgraph 0.0.47 sends for `interrupt({...})` in a node: the value as JSON text,
    /// the LangGraph Interrupt (with its id) as `rawEvent`.
    static let langGraphValue: JSONValue = #"{"question": "Approve the refund?", "order_id": "A-1042", "amount": 49.0}"#
    static let langGraphRaw: JSONValue = .object([
        JSONMember("value", .object([JSONMember("question", "Approve the refund?")])), JSONMember("id", "f60d042c"),
        JSONMember("response_schema", .null),
    ])

    @Test func langGraphsOnInterruptAndAPlainRunFinishedAreAnInterruptAndAnInterruptedRun() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        let events = try Fixture.play(&conversation, Fixture.run([Self.onInterrupt(Self.langGraphValue, rawEvent: Self.langGraphRaw)])).get()
        // The value's JSON text, parsed.
        let payload = try JSONValue(parsing: #"{"question": "Approve the refund?", "order_id": "A-1042", "amount": 49}"#)
        #expect(payload["amount"] == 49)
        #expect(events.contains(.custom(name: "on_interrupt", value: Self.langGraphValue)))
        #expect(Self.interrupts(events) == [.interrupt(id: "f60d042c", reason: nil, payload: payload)])
        #expect(events.contains(.runFinished(runID: "r1", outcome: .interrupt)))
        #expect(!events.contains(.runFinished(runID: "r1", outcome: .success)))
        // The interrupt comes after the CUSTOM event, right before the run's end.
        let interruptIndex = try #require(events.firstIndex(of: .interrupt(id: "f60d042c", reason: nil, payload: payload)))
        #expect(events[interruptIndex + 1] == .runFinished(runID: "r1", outcome: .interrupt))
        #expect(conversation.openInterrupts == ["f60d042c"])
    }

    @Test func resumingLangGraphsInterruptSendsTheAnswerAsForwardedPropsCommandResume() throws {
        var conversation = AGUIConversation(
            threadID: "t1", settings: Fixture.settings { $0.forwardedProps = .object([JSONMember("tenant", "acme")]) })
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        _ = try Fixture.play(&conversation, Fixture.run([Self.onInterrupt(Self.langGraphValue, rawEvent: Self.langGraphRaw)])).get()
        let approve = try conversation.begin(
            .resume(interruptID: nil, decision: .approve, payload: .object([JSONMember("approver", "qa-bot")])), runID: "r2"
        ).get()
        #expect(approve["forwardedProps"]?.serialized() == #"{"tenant":"acme","command":{"resume":{"approved":true,"approver":"qa-bot"}}}"#)
        #expect(approve["resume"] == nil)
        #expect(conversation.openInterrupts.isEmpty)
        // The next resume answers the next interrupt; a named one is answered the same way.
        _ = try Fixture.play(&conversation, Fixture.run([Self.onInterrupt(Self.langGraphValue, rawEvent: Self.langGraphRaw)], id: "r2")).get()
        let deny = try conversation.begin(
            .resume(interruptID: "f60d042c", decision: .deny, payload: .object([JSONMember("reason", "too late")])), runID: "r3"
        ).get()
        #expect(deny["forwardedProps"]?["command"]?.serialized() == #"{"resume":{"approved":false,"reason":"too late"}}"#)
        #expect(deny["resume"] == nil)
        // A run after the resume carries no command.
        _ = try Fixture.play(&conversation, Fixture.run([], id: "r3")).get()
        let next = try conversation.begin(.send(text: "thanks"), runID: "r4").get()
        #expect(next["forwardedProps"]?.serialized() == #"{"tenant":"acme"}"#)
    }

    @Test func aPlainTextInterruptWithoutAnIDIsNamedByParleyAndCarriesTheText() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "delete it"), runID: "r1")
        let events = try Fixture.play(&conversation, Fixture.run([Self.onInterrupt("Really delete?")])).get()
        #expect(Self.interrupts(events) == [.interrupt(id: "t1/interrupt-1", reason: nil, payload: "Really delete?")])
        #expect(events.contains(.runFinished(runID: "r1", outcome: .interrupt)))
    }

    @Test func crewAIsOnInterruptObjectIsReadAsAnAGUIInterruptAndResumedInResumeEntries() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "review"), runID: "r1")
        let metadata: JSONValue = .object([JSONMember("crewai", .object([JSONMember("flowId", "t1"), JSONMember("methodName", "review")]))])
        let value: JSONValue = .object([
            JSONMember("id", "t1"), JSONMember("reason", "crewai:human_feedback"), JSONMember("message", "Approve the draft?"),
            JSONMember("metadata", metadata),
        ])
        let events = try Fixture.play(&conversation, Fixture.run([Self.onInterrupt(value)])).get()
        #expect(Self.interrupts(events) == [.interrupt(id: "t1", reason: "crewai:human_feedback", payload: metadata)])
        #expect(events.contains(.runFinished(runID: "r1", outcome: .interrupt)))
        let input = try conversation.begin(.resume(interruptID: nil, decision: .deny, payload: nil), runID: "r2").get()
        #expect(input["resume"]?.serialized() == #"[{"interruptId":"t1","status":"resolved","payload":{"approved":false}}]"#)
        #expect(input["forwardedProps"] == .object([]))
    }

    @Test func anOutcomeThatListsTheInterruptAgainWinsSoItIsReportedOnce() throws {
        // ag-ui-langgraph with emit_interrupt_outcome on: on_interrupt, then the structured outcome.
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        let listed: JSONValue = .object([JSONMember("id", "f60d042c"), JSONMember("reason", "langgraph:interrupt"), JSONMember("metadata", 1)])
        let events = try Fixture.play(
            &conversation,
            Fixture.run(
                [Self.onInterrupt(Self.langGraphValue, rawEvent: Self.langGraphRaw)],
                finished: [("outcome", .object([JSONMember("type", "interrupt"), JSONMember("interrupts", .array([listed]))]))])
        ).get()
        #expect(Self.interrupts(events) == [.interrupt(id: "f60d042c", reason: "langgraph:interrupt", payload: 1)])
        let input = try conversation.begin(.resume(interruptID: nil, decision: .approve, payload: nil), runID: "r2").get()
        #expect(input["resume"]?.serialized() == #"[{"interruptId":"f60d042c","status":"resolved","payload":{"approved":true}}]"#)
        #expect(input["forwardedProps"]?["command"] == nil)
    }

    @Test func anInterruptOutcomeListingNoUsableInterruptStillEndsTheRunInterrupted() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        let events = try Fixture.play(
            &conversation,
            Fixture.run([], finished: [("outcome", .object([JSONMember("type", "interrupt"), JSONMember("interrupts", .array([.object([])]))]))])
        ).get()
        #expect(Self.interrupts(events).isEmpty)
        #expect(events.contains(.runFinished(runID: "r1", outcome: .interrupt)))
    }

    @Test func anOnInterruptBeforeARunErrorIsNoInterrupt() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        let events = try Fixture.play(
            &conversation,
            [
                AGUIEvent(.runStarted, [("threadId", "t1"), ("runId", "r1")]), Self.onInterrupt(Self.langGraphValue, rawEvent: Self.langGraphRaw),
                AGUIEvent(.runError, [("message", "boom")]),
            ]
        ).get()
        #expect(Self.interrupts(events).isEmpty)
        #expect(conversation.openInterrupts.isEmpty)
    }

    @Test func aResumeNamingOneInterruptCancelsTheOtherEntriesAndLeavesTheCommandOut() throws {
        // One interrupt from each announcement in one conversation: naming the AG-UI one resolves it
        // and sends no LangGraph command (that channel cannot cancel).
        var conversation = AGUIConversation(threadID: "t1", settings: Fixture.settings())
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        let standard: JSONValue = .object([JSONMember("id", "i1"), JSONMember("reason", "tool_call")])
        _ = try Fixture.play(&conversation, Fixture.run([Self.onInterrupt(Self.langGraphValue, rawEvent: Self.langGraphRaw), Self.onInterrupt(standard)])).get()
        #expect(conversation.openInterrupts == ["f60d042c", "i1"])
        let input = try conversation.begin(.resume(interruptID: "i1", decision: .approve, payload: nil), runID: "r2").get()
        #expect(input["resume"]?.serialized() == #"[{"interruptId":"i1","status":"resolved","payload":{"approved":true}}]"#)
        #expect(input["forwardedProps"]?["command"] == nil)
    }
}
