import Foundation
import ParleyAGUI
import ParleyCore
import ParleyModel
import Testing

/// Every ordering rule of protocols/ag-ui.md section 1.5, valid multi-run streams, real pydantic-ai
/// captures, and ag-ui-validate's third-party vectors run through ChunkExpander + RunVerifier.
struct RunVerifierTests {
    // MARK: Helpers

    static func ev(_ type: AGUIEventType, _ fields: (String, JSONValue?)...) -> AGUIEvent {
        AGUIEvent(type, fields)
    }

    static func started(_ runId: String = "r1") -> AGUIEvent { ev(.runStarted, ("threadId", "t1"), ("runId", .string(runId))) }
    static func finished(_ runId: String = "r1") -> AGUIEvent { ev(.runFinished, ("threadId", "t1"), ("runId", .string(runId))) }
    static let error = ev(.runError, ("message", "boom"))
    static func textStart(_ id: String) -> AGUIEvent { ev(.textMessageStart, ("messageId", .string(id)), ("role", "assistant")) }
    static func textContent(_ id: String) -> AGUIEvent { ev(.textMessageContent, ("messageId", .string(id)), ("delta", "hi")) }
    static func textEnd(_ id: String) -> AGUIEvent { ev(.textMessageEnd, ("messageId", .string(id))) }
    static func toolStart(_ id: String) -> AGUIEvent { ev(.toolCallStart, ("toolCallId", .string(id)), ("toolCallName", "lookup")) }
    static func toolArgs(_ id: String) -> AGUIEvent { ev(.toolCallArgs, ("toolCallId", .string(id)), ("delta", "{}")) }
    static func toolEnd(_ id: String) -> AGUIEvent { ev(.toolCallEnd, ("toolCallId", .string(id))) }
    static func toolResult(_ id: String) -> AGUIEvent {
        ev(.toolCallResult, ("messageId", "tm1"), ("toolCallId", .string(id)), ("content", "ok"), ("role", "tool"))
    }
    static func stepStart(_ name: String) -> AGUIEvent { ev(.stepStarted, ("stepName", .string(name))) }
    static func stepFinish(_ name: String) -> AGUIEvent { ev(.stepFinished, ("stepName", .string(name))) }

    /// The first violation of `events` with the index of the event that caused it
    /// (`events.count` when it is the end of the stream), or nil for a valid stream.
    static func verify(_ events: [AGUIEvent]) -> (index: Int, violation: ProtocolViolation)? {
        var verifier = RunVerifier()
        for (index, event) in events.enumerated() {
            if let violation = verifier.check(event) { return (index, violation) }
        }
        return verifier.finish().map { (events.count, $0) }
    }

    /// The same through the chunk expander first, as the connector runs it. The index is the
    /// original event's, or -1 for the end of the stream (ag-ui-validate's convention).
    static func expandAndVerify(_ events: [AGUIEvent]) -> (index: Int, violation: ProtocolViolation)? {
        var expander = ChunkExpander()
        var verifier = RunVerifier()
        for (index, event) in events.enumerated() {
            switch expander.expand(event) {
            case .failure(let violation):
                return (index, violation)
            case .success(let expanded):
                for item in expanded {
                    if let violation = verifier.check(item) { return (index, violation) }
                }
            }
        }
        for item in expander.finish() {
            if let violation = verifier.check(item) { return (-1, violation) }
        }
        return verifier.finish().map { (-1, $0) }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/agui-validate")

    /// The events of a JSONL file under Fixtures/agui-validate.
    static func fixtureEvents(_ path: String) throws -> [AGUIEvent] {
        try jsonl(try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8))
    }

    static func jsonl(_ text: String) throws -> [AGUIEvent] {
        try text.split(whereSeparator: \.isNewline).map { try AGUIEvent(data: String($0)) }
    }

    // MARK: Runs

    @Test("the first event must be RUN_STARTED")
    func firstEvent() {
        let result = Self.verify([Self.textStart("m1"), Self.textEnd("m1")])
        #expect(result?.index == 0)
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: the stream began with TEXT_MESSAGE_START before any RUN_STARTED (rule: the first event must be RUN_STARTED or RUN_ERROR; offending event: TEXT_MESSAGE_START (messageId m1))"
        )
    }

    @Test("RUN_ERROR is accepted as the first event, and then only a new RUN_STARTED")
    func runErrorFirst() {
        #expect(Self.verify([Self.error]) == nil)
        #expect(Self.verify([Self.error, Self.started(), Self.finished()]) == nil)
        let result = Self.verify([Self.error, Self.ev(.custom, ("name", "x"), ("value", .null))])
        #expect(result?.index == 1)
        #expect(result?.violation.rule == "after RUN_ERROR only a new RUN_STARTED may follow")
    }

    @Test("RUN_STARTED while a run is active is an error")
    func runStartedTwice() {
        let result = Self.verify([Self.started("r1"), Self.started("r2")])
        #expect(result?.index == 1)
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: RUN_STARTED while run r1 is still active (rule: a new run may start only after the previous one ended with RUN_FINISHED or RUN_ERROR; offending event: RUN_STARTED (runId r2))"
        )
    }

    @Test("after RUN_ERROR nothing but a new RUN_STARTED", arguments: [
        finished(), error, textStart("m1"), ev(.custom, ("name", "x"), ("value", 1)), ev(.stateSnapshot, ("snapshot", .object([]))),
    ])
    func afterRunError(_ event: AGUIEvent) {
        let result = Self.verify([Self.started(), Self.error, event])
        #expect(result?.index == 2)
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: \(event.type) after the run ended with RUN_ERROR (rule: after RUN_ERROR only a new RUN_STARTED may follow; offending event: \(event.description))"
        )
    }

    @Test("after RUN_FINISHED only RUN_ERROR or a new RUN_STARTED", arguments: [
        finished(), textStart("m1"), ev(.custom, ("name", "x"), ("value", 1)), ev(.raw, ("event", .object([]))), ev(.stepStarted, ("stepName", "s")),
    ])
    func afterRunFinished(_ event: AGUIEvent) {
        let result = Self.verify([Self.started(), Self.finished(), event])
        #expect(result?.index == 2)
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: \(event.type) after run r1 finished (rule: after RUN_FINISHED only RUN_ERROR or a new RUN_STARTED may follow; offending event: \(event.description))"
        )
        #expect(Self.verify([Self.started(), Self.finished(), Self.error]) == nil)
        #expect(Self.verify([Self.started(), Self.finished(), Self.error, Self.started("r2"), Self.finished("r2")]) == nil)
    }

    @Test("RUN_FINISHED while a text message is open: the sentence a QA engineer reads")
    func finishedWithOpenMessage() {
        let result = Self.verify([Self.started(), Self.textStart("m1"), Self.textContent("m1"), Self.finished()])
        #expect(result?.index == 3)
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: RUN_FINISHED while text message m1 is still open (rule: RUN_FINISHED is illegal while a text message, tool call or step is open; offending event: RUN_FINISHED (runId r1))"
        )
        #expect(result?.violation.rule == "RUN_FINISHED is illegal while a text message, tool call or step is open")
        #expect(result?.violation.event == "RUN_FINISHED (runId r1)")
    }

    @Test("RUN_FINISHED names every open step, text message and tool call")
    func finishedWithSeveralOpen() {
        let tool = Self.verify([Self.started(), Self.toolStart("c1"), Self.finished()])
        #expect(tool?.violation.message == "RUN_FINISHED while tool call c1 is still open")
        let step = Self.verify([Self.started(), Self.stepStart("plan"), Self.finished()])
        #expect(step?.violation.message == "RUN_FINISHED while step plan is still open")
        let all = Self.verify([Self.started(), Self.textStart("m1"), Self.stepStart("plan"), Self.toolStart("c1"), Self.textStart("m2"), Self.finished()])
        #expect(all?.violation.message == "RUN_FINISHED while step plan, text message m1, text message m2 and tool call c1 are still open")
    }

    @Test("RUN_ERROR may come at any time, even with everything open")
    func runErrorAnyTime() {
        #expect(Self.verify([Self.started(), Self.stepStart("s"), Self.textStart("m1"), Self.toolStart("c1"), Self.error]) == nil)
    }

    @Test("isRunActive follows RUN_STARTED, RUN_FINISHED and RUN_ERROR")
    func isRunActive() {
        var verifier = RunVerifier()
        #expect(!verifier.isRunActive)
        #expect(verifier.check(Self.started()) == nil)
        #expect(verifier.isRunActive)
        #expect(verifier.check(Self.finished()) == nil)
        #expect(!verifier.isRunActive)
        #expect(verifier.check(Self.started("r2")) == nil)
        #expect(verifier.isRunActive)
        #expect(verifier.check(Self.error) == nil)
        #expect(!verifier.isRunActive)
    }

    // MARK: The end of the stream

    @Test("a stream that ends with a run active names what is still open")
    func unterminated() {
        let result = Self.verify([Self.started(), Self.stepStart("plan"), Self.textStart("m1"), Self.toolStart("c1")])
        #expect(result?.index == 4)
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: the stream ended before RUN_FINISHED or RUN_ERROR of run r1, with step plan, text message m1 and tool call c1 still open (rule: every run ends with RUN_FINISHED or RUN_ERROR)"
        )
        #expect(result?.violation.event == nil)
        #expect(
            Self.verify([Self.started()])?.violation.message == "the stream ended before RUN_FINISHED or RUN_ERROR of run r1"
        )
        #expect(
            Self.verify([Self.ev(.runStarted, ("threadId", "t1"))])?.violation.message
                == "the stream ended before RUN_FINISHED or RUN_ERROR of the run"
        )
    }

    @Test("an empty stream is a violation: no run ever started")
    func emptyStream() {
        #expect(
            RunVerifier().finish()?.description
                == "AG-UI protocol violation: the stream ended before any run started (rule: a stream holds at least one run, from RUN_STARTED to RUN_FINISHED or RUN_ERROR)"
        )
        var verifier = RunVerifier()
        #expect(verifier.check(Self.textStart("m1")) != nil)
        #expect(verifier.finish()?.message == "the stream ended before any run started")
    }

    @Test("after RUN_FINISHED or RUN_ERROR the stream may end")
    func endsClean() {
        #expect(Self.verify([Self.started(), Self.finished()]) == nil)
        #expect(Self.verify([Self.started(), Self.error]) == nil)
        #expect(Self.verify([Self.started(), Self.finished(), Self.error]) == nil)
    }

    // MARK: Text messages

    @Test("text messages: no repeated active id, CONTENT and END need an open id")
    func textMessages() {
        let repeated = Self.verify([Self.started(), Self.textStart("m1"), Self.textStart("m1")])
        #expect(repeated?.index == 2)
        #expect(
            repeated?.violation.description
                == "AG-UI protocol violation: TEXT_MESSAGE_START for text message m1, which is already open (rule: TEXT_MESSAGE_START must not repeat the id of a text message that is still open; offending event: TEXT_MESSAGE_START (messageId m1))"
        )
        let orphan = Self.verify([Self.started(), Self.textContent("m9")])
        #expect(
            orphan?.violation.description
                == "AG-UI protocol violation: TEXT_MESSAGE_CONTENT for text message m9, which was never started (rule: TEXT_MESSAGE_CONTENT and TEXT_MESSAGE_END must refer to an open text message; offending event: TEXT_MESSAGE_CONTENT (messageId m9))"
        )
        let ended = Self.verify([Self.started(), Self.textStart("m1"), Self.textEnd("m1"), Self.textEnd("m1")])
        #expect(ended?.index == 3)
        #expect(ended?.violation.message == "TEXT_MESSAGE_END for text message m1, which already ended")
        let late = Self.verify([Self.started(), Self.textStart("m1"), Self.textEnd("m1"), Self.textContent("m1")])
        #expect(late?.violation.message == "TEXT_MESSAGE_CONTENT for text message m1, which already ended")
    }

    @Test("several text messages with different ids may be open and interleave; an ended id may start again")
    func textInterleaved() {
        #expect(
            Self.verify([
                Self.started(), Self.textStart("m1"), Self.textStart("m2"), Self.textContent("m2"), Self.textContent("m1"),
                Self.textEnd("m1"), Self.textContent("m2"), Self.textEnd("m2"), Self.textStart("m1"), Self.textEnd("m1"),
                Self.finished(),
            ]) == nil
        )
    }

    // MARK: Tool calls

    @Test("tool calls: no repeated active id, ARGS and END need an open id")
    func toolCalls() {
        let repeated = Self.verify([Self.started(), Self.toolStart("c1"), Self.toolStart("c1")])
        #expect(
            repeated?.violation.description
                == "AG-UI protocol violation: TOOL_CALL_START for tool call c1, which is already open (rule: TOOL_CALL_START must not repeat the id of a tool call that is still open; offending event: TOOL_CALL_START (toolCallId c1))"
        )
        let orphan = Self.verify([Self.started(), Self.toolArgs("c9")])
        #expect(
            orphan?.violation.description
                == "AG-UI protocol violation: TOOL_CALL_ARGS for tool call c9, which was never started (rule: TOOL_CALL_ARGS and TOOL_CALL_END must refer to an open tool call; offending event: TOOL_CALL_ARGS (toolCallId c9))"
        )
        let ended = Self.verify([Self.started(), Self.toolStart("c1"), Self.toolEnd("c1"), Self.toolArgs("c1")])
        #expect(ended?.violation.message == "TOOL_CALL_ARGS for tool call c1, which already ended")
        let endTwice = Self.verify([Self.started(), Self.toolStart("c1"), Self.toolEnd("c1"), Self.toolEnd("c1")])
        #expect(endTwice?.index == 3)
        #expect(
            Self.verify([
                Self.started(), Self.toolStart("c1"), Self.toolStart("c2"), Self.toolArgs("c1"), Self.toolArgs("c2"),
                Self.toolEnd("c2"), Self.toolEnd("c1"), Self.finished(),
            ]) == nil
        )
    }

    @Test("TOOL_CALL_RESULT is unrestricted: before END, for an unknown call, for a call of an earlier run")
    func toolResults() {
        #expect(Self.verify([Self.started(), Self.toolStart("c1"), Self.toolResult("c1"), Self.toolEnd("c1"), Self.finished()]) == nil)
        #expect(Self.verify([Self.started(), Self.toolResult("never_started"), Self.finished()]) == nil)
        #expect(
            Self.verify([
                Self.started("r1"), Self.toolStart("c1"), Self.toolArgs("c1"), Self.toolEnd("c1"), Self.finished("r1"),
                Self.started("r2"), Self.toolResult("c1"), Self.textStart("m2"), Self.textEnd("m2"), Self.finished("r2"),
            ]) == nil
        )
    }

    // MARK: Steps

    @Test("steps: no double start, STEP_FINISHED needs an active step of that name")
    func steps() {
        let twice = Self.verify([Self.started(), Self.stepStart("plan"), Self.stepStart("plan")])
        #expect(
            twice?.violation.description
                == "AG-UI protocol violation: STEP_STARTED for step plan, which is already active (rule: a step cannot be started again while it is active; offending event: STEP_STARTED (stepName plan))"
        )
        let unmatched = Self.verify([Self.started(), Self.stepStart("plan"), Self.stepFinish("execute")])
        #expect(
            unmatched?.violation.description
                == "AG-UI protocol violation: STEP_FINISHED for step execute, which is not active (rule: STEP_FINISHED must match an active STEP_STARTED of the same stepName; offending event: STEP_FINISHED (stepName execute))"
        )
        #expect(
            Self.verify([
                Self.started(), Self.stepStart("outer"), Self.stepStart("inner"), Self.stepFinish("outer"), Self.stepFinish("inner"),
                Self.stepStart("outer"), Self.stepFinish("outer"), Self.finished(),
            ]) == nil
        )
    }

    // MARK: Legacy THINKING_*

    @Test("THINKING_TEXT_MESSAGE_* only inside THINKING_START…THINKING_END, one of each at a time")
    func thinking() {
        let start = Self.ev(.thinkingStart, ("title", "plan"))
        let end = Self.ev(.thinkingEnd)
        let messageStart = Self.ev(.thinkingTextMessageStart)
        let content = Self.ev(.thinkingTextMessageContent, ("delta", "hm"))
        let messageEnd = Self.ev(.thinkingTextMessageEnd)

        #expect(Self.verify([Self.started(), start, messageStart, content, messageEnd, messageStart, messageEnd, end, start, end, Self.finished()]) == nil)

        let outside = Self.verify([Self.started(), messageStart])
        #expect(
            outside?.violation.description
                == "AG-UI protocol violation: THINKING_TEXT_MESSAGE_START with no open THINKING_START (rule: THINKING_END and THINKING_TEXT_MESSAGE_* belong inside THINKING_START…THINKING_END; offending event: THINKING_TEXT_MESSAGE_START)"
        )
        #expect(Self.verify([Self.started(), content])?.violation.message == "THINKING_TEXT_MESSAGE_CONTENT with no open THINKING_START")
        #expect(Self.verify([Self.started(), end])?.violation.message == "THINKING_END with no open THINKING_START")
        #expect(Self.verify([Self.started(), start, start])?.violation.rule == "only one THINKING_START…THINKING_END block may be open at a time")
        #expect(
            Self.verify([Self.started(), start, messageStart, messageStart])?.violation.rule
                == "only one thinking text message may be open at a time"
        )
        #expect(
            Self.verify([Self.started(), start, content])?.violation.description
                == "AG-UI protocol violation: THINKING_TEXT_MESSAGE_CONTENT with no open thinking text message (rule: THINKING_TEXT_MESSAGE_CONTENT and THINKING_TEXT_MESSAGE_END need an open THINKING_TEXT_MESSAGE_START; offending event: THINKING_TEXT_MESSAGE_CONTENT)"
        )
        #expect(Self.verify([Self.started(), start, messageEnd])?.violation.message == "THINKING_TEXT_MESSAGE_END with no open thinking text message")
        #expect(Self.verify([Self.started(), start, messageStart, end])?.violation.message == "THINKING_END while a thinking text message is still open")
        #expect(
            Self.verify([Self.started(), start, messageStart])?.violation.message
                == "the stream ended before RUN_FINISHED or RUN_ERROR of run r1, with a thinking text message and a thinking block still open"
        )
        // A new run starts with no thinking block open.
        #expect(Self.verify([Self.started(), start, Self.error, Self.started("r2"), end])?.index == 4)
    }

    // MARK: Unrestricted events

    static let unrestricted: [AGUIEvent] = [
        ev(.custom, ("name", "x"), ("value", .null)),
        ev(.raw, ("event", .object([]))),
        ev(.stateSnapshot, ("snapshot", .object([]))),
        ev(.stateDelta, ("delta", [])),
        ev(.messagesSnapshot, ("messages", [])),
        ev(.activitySnapshot, ("messageId", "a1"), ("activityType", "plan"), ("content", .object([]))),
        ev(.activityDelta, ("messageId", "a1"), ("activityType", "plan"), ("patch", [])),
        ev(.reasoningStart, ("messageId", "r1")),
        ev(.reasoningMessageStart, ("messageId", "rm1"), ("role", "reasoning")),
        ev(.reasoningMessageContent, ("messageId", "rm-never-started"), ("delta", "x")),
        ev(.reasoningMessageEnd, ("messageId", "rm-never-started")),
        ev(.reasoningEnd, ("messageId", "r-never-started")),
        ev(.reasoningEncryptedValue, ("subtype", "message"), ("entityId", "m1"), ("encryptedValue", "abc")),
        ev(.subagentStarted, ("subagentRunId", "s1"), ("name", "helper")),
        ev(.subagentFinished, ("subagentRunId", "s-never-started")),
        ev(.subagentError, ("subagentRunId", "s1"), ("message", "x")),
        AGUIEvent(json: .object([JSONMember("type", "SOMETHING_FROM_AG_UI_2")])),
    ]

    @Test("CUSTOM, RAW, STATE_*, MESSAGES_SNAPSHOT, ACTIVITY_*, REASONING_*, SUBAGENT_* and unknown types may appear anywhere in a run", arguments: unrestricted)
    func unrestrictedInRun(_ event: AGUIEvent) {
        #expect(Self.verify([Self.started(), event, Self.textStart("m1"), event, Self.textEnd("m1"), event, Self.finished()]) == nil)
    }

    // MARK: Malformed and rejected events

    @Test("an event that opens or closes something without its id is a violation", arguments: [
        (AGUIEventType.textMessageStart, "messageId"), (.textMessageContent, "messageId"), (.textMessageEnd, "messageId"),
        (.toolCallStart, "toolCallId"), (.toolCallArgs, "toolCallId"), (.toolCallEnd, "toolCallId"),
        (.stepStarted, "stepName"), (.stepFinished, "stepName"),
    ])
    func missingIds(_ type: AGUIEventType, _ field: String) {
        let result = Self.verify([Self.started(), Self.ev(type, (field, 7))])
        #expect(
            result?.violation.description
                == "AG-UI protocol violation: \(type.rawValue) has no string \(field) (rule: an event that opens or closes a message, tool call or step carries its id; offending event: \(type.rawValue))"
        )
    }

    @Test("a rejected event leaves the state as it was")
    func rejectedEventsChangeNothing() {
        var verifier = RunVerifier()
        #expect(verifier.check(Self.started()) == nil)
        #expect(verifier.check(Self.textContent("m9")) != nil)
        #expect(verifier.check(Self.started("r2")) != nil)
        #expect(verifier.check(Self.textStart("m1")) == nil)
        #expect(verifier.check(Self.finished()) != nil)
        #expect(verifier.isRunActive)
        #expect(verifier.check(Self.textEnd("m1")) == nil)
        #expect(verifier.check(Self.finished()) == nil)
        #expect(verifier.finish() == nil)
    }

    // MARK: Whole streams

    @Test("several runs in one stream, each with fresh state; ids may repeat across runs")
    func multiRun() {
        #expect(
            Self.verify([
                Self.started("r1"), Self.textStart("m1"), Self.textEnd("m1"), Self.finished("r1"),
                Self.started("r2"), Self.textStart("m1"), Self.toolStart("c1"), Self.error,
                Self.started("r3"), Self.stepStart("s"), Self.toolStart("c1"), Self.toolEnd("c1"), Self.stepFinish("s"), Self.finished("r3"),
                Self.error,
                Self.started("r4"), Self.finished("r4"),
            ]) == nil
        )
    }

    /// Captured from pydantic-ai 2.68's AG-UI adapter (ag-ui-protocol 1.0) serving the peer agent in
    /// Tests/ParleyCLITests/Fixtures/agui: "Where is my order A-1042?" (an empty text message before a
    /// backend tool call, then the answer in three deltas).
    static let pydanticLookup = #"""
        {"type":"RUN_STARTED","timestamp":1795246259455,"threadId":"thread_1","runId":"run_1","protocolVersion":"1.0"}
        {"type":"TEXT_MESSAGE_START","timestamp":1795246259465,"messageId":"6c11cb1d-a0b6-4f1d-ac38-40e8a7f78794","role":"assistant"}
        {"type":"TEXT_MESSAGE_END","timestamp":1795246259472,"messageId":"6c11cb1d-a0b6-4f1d-ac38-40e8a7f78794"}
        {"type":"TOOL_CALL_START","timestamp":1795246259472,"toolCallId":"call_lookup_order_1","toolCallName":"lookup_order","parentMessageId":"6c11cb1d-a0b6-4f1d-ac38-40e8a7f78794"}
        {"type":"TOOL_CALL_ARGS","timestamp":1795246259472,"toolCallId":"call_lookup_order_1","delta":"{\"order_id\""}
        {"type":"TOOL_CALL_ARGS","timestamp":1795246259483,"toolCallId":"call_lookup_order_1","delta":": \"A-1042\"}"}
        {"type":"TOOL_CALL_END","timestamp":1795246259484,"toolCallId":"call_lookup_order_1"}
        {"type":"TOOL_CALL_RESULT","timestamp":1795246259488,"messageId":"79881c3e-b4e4-4080-8fa6-49b03a3bf9e9","toolCallId":"call_lookup_order_1","content":"{\"order_id\":\"A-1042\",\"status\":\"shipped\",\"carrier\":\"UPS\",\"eta\":\"Tuesday 24 November\"}","role":"tool"}
        {"type":"TEXT_MESSAGE_START","timestamp":1795246259522,"messageId":"2a7fb4b5-c8ae-4d40-90f0-8ca9f084c880","role":"assistant"}
        {"type":"TEXT_MESSAGE_CONTENT","timestamp":1795246259522,"messageId":"2a7fb4b5-c8ae-4d40-90f0-8ca9f084c880","delta":"Order A-1042 "}
        {"type":"TEXT_MESSAGE_CONTENT","timestamp":1795246259543,"messageId":"2a7fb4b5-c8ae-4d40-90f0-8ca9f084c880","delta":"has shipped "}
        {"type":"TEXT_MESSAGE_CONTENT","timestamp":1795246259564,"messageId":"2a7fb4b5-c8ae-4d40-90f0-8ca9f084c880","delta":"with UPS."}
        {"type":"TEXT_MESSAGE_END","timestamp":1795246259568,"messageId":"2a7fb4b5-c8ae-4d40-90f0-8ca9f084c880"}
        {"type":"RUN_FINISHED","timestamp":1795246259574,"threadId":"thread_1","runId":"run_1","outcome":{"type":"success"}}
        """#

    /// The same server: "Please refund order A-1042" ends in a tool-call interrupt; the resumed run
    /// (its own HTTP response) answers `call_issue_refund` without repeating its START/ARGS/END.
    static let pydanticInterrupt = #"""
        {"type":"RUN_STARTED","timestamp":1795246260700,"threadId":"thread_2","runId":"run_1","protocolVersion":"1.0"}
        {"type":"TEXT_MESSAGE_START","timestamp":1795246260713,"messageId":"4956a609-a57e-4373-ba53-7407f119a63c","role":"assistant"}
        {"type":"TEXT_MESSAGE_END","timestamp":1795246260713,"messageId":"4956a609-a57e-4373-ba53-7407f119a63c"}
        {"type":"TOOL_CALL_START","timestamp":1795246260713,"toolCallId":"call_issue_refund","toolCallName":"issue_refund","parentMessageId":"4956a609-a57e-4373-ba53-7407f119a63c"}
        {"type":"TOOL_CALL_ARGS","timestamp":1795246260713,"toolCallId":"call_issue_refund","delta":"{\"order_id\": \"A-104"}
        {"type":"TOOL_CALL_ARGS","timestamp":1795246260724,"toolCallId":"call_issue_refund","delta":"2\", \"amount\": 49.0}"}
        {"type":"TOOL_CALL_END","timestamp":1795246260725,"toolCallId":"call_issue_refund"}
        {"type":"RUN_FINISHED","timestamp":1795246260727,"threadId":"thread_2","runId":"run_1","outcome":{"type":"interrupt","interrupts":[{"id":"int-call_issue_refund","reason":"tool_call","message":"Approve issue_refund({\"order_id\":\"A-1042\",\"amount\":49.0})?","toolCallId":"call_issue_refund","responseSchema":{"properties":{"approved":{"type":"boolean"},"editedArgs":{"type":"object"},"reason":{"type":"string"}},"required":["approved"],"type":"object"}}]}}
        """#

    static let pydanticResume = #"""
        {"type":"RUN_STARTED","timestamp":1795246261882,"threadId":"thread_2","runId":"run_2","protocolVersion":"1.0"}
        {"type":"TOOL_CALL_RESULT","timestamp":1795246262041,"messageId":"3ffe4aae-c902-4c80-bc72-265bd32eb6a2","toolCallId":"call_issue_refund","content":"{\"refund_id\":\"RF-7731\",\"status\":\"approved\",\"order_id\":\"A-1042\",\"amount\":49.0}","role":"tool"}
        {"type":"TEXT_MESSAGE_START","timestamp":1795246262064,"messageId":"756e2719-1dda-4d29-b700-4034e13737cb","role":"assistant"}
        {"type":"TEXT_MESSAGE_CONTENT","timestamp":1795246262064,"messageId":"756e2719-1dda-4d29-b700-4034e13737cb","delta":"Refund RF-7731 of $49.00 "}
        {"type":"TEXT_MESSAGE_CONTENT","timestamp":1795246262085,"messageId":"756e2719-1dda-4d29-b700-4034e13737cb","delta":"for order A-1042 is "}
        {"type":"TEXT_MESSAGE_CONTENT","timestamp":1795246262106,"messageId":"756e2719-1dda-4d29-b700-4034e13737cb","delta":"on its way."}
        {"type":"TEXT_MESSAGE_END","timestamp":1795246262106,"messageId":"756e2719-1dda-4d29-b700-4034e13737cb"}
        {"type":"RUN_FINISHED","timestamp":1795246262108,"threadId":"thread_2","runId":"run_2","outcome":{"type":"success"}}
        """#

    @Test("real pydantic-ai streams pass: a backend tool call, an interrupt, its resume, and all three in one stream")
    func pydantic() throws {
        let lookup = try Self.jsonl(Self.pydanticLookup)
        let interrupt = try Self.jsonl(Self.pydanticInterrupt)
        let resume = try Self.jsonl(Self.pydanticResume)
        #expect(Self.expandAndVerify(lookup) == nil)
        #expect(Self.expandAndVerify(interrupt) == nil)
        #expect(Self.expandAndVerify(resume) == nil, "TOOL_CALL_RESULT for a call of an earlier run (ag-ui-validate's AGUI207 false positive)")
        #expect(Self.expandAndVerify(lookup + interrupt + resume) == nil)
    }

    @Test("a pydantic-ai stream cut short is flagged with what is open")
    func pydanticTruncated() throws {
        let lookup = try Self.jsonl(Self.pydanticLookup)
        let result = Self.expandAndVerify(Array(lookup.prefix(11)))
        #expect(
            result?.violation.message
                == "the stream ended before RUN_FINISHED or RUN_ERROR of run run_1, with text message 2a7fb4b5-c8ae-4d40-90f0-8ca9f084c880 still open"
        )
        let noEnd = Self.expandAndVerify(lookup.filter { $0.kind != .toolCallEnd })
        #expect(noEnd?.index == 12)
        #expect(noEnd?.violation.message == "RUN_FINISHED while tool call call_lookup_order_1 is still open")
    }

    // MARK: ag-ui-validate vectors

    static let validFlows = [
        "agentic-chat", "agentic-generative-ui", "backend-tool-rendering", "human-in-the-loop", "predictive-state-updates",
        "shared-state", "tool-based-generative-ui",
    ]

    @Test("every valid ag-ui-validate flow passes the expander and the verifier", arguments: validFlows)
    func validFixture(_ name: String) throws {
        let events = try Self.fixtureEvents("valid/\(name).jsonl")
        #expect(!events.isEmpty)
        let result = Self.expandAndVerify(events)
        #expect(result == nil, "\(result?.violation.description ?? "")")
    }

    @Test("the valid flows listed are every one in the fixtures folder")
    func validFixturesListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("valid").path)
        #expect(files.filter { $0.hasSuffix(".jsonl") }.sorted() == Self.validFlows.map { "\($0).jsonl" })
    }

    static let invalidStreams = [
        "AGUI001-first-event-not-run-started", "AGUI002-duplicate-run-started", "AGUI003-run-never-terminated",
        "AGUI004-event-after-terminal", "AGUI006-step-finished-unmatched", "AGUI007-step-unterminated",
        "AGUI101-content-without-start", "AGUI102-end-without-start", "AGUI103-message-unterminated",
        "AGUI106-interleaved-same-message-id", "AGUI201-args-without-start", "AGUI202-end-without-start",
        "AGUI203-unterminated-tool-call",
    ]

    @Test("each ordering-invalid ag-ui-validate stream is flagged at the event its expected.json names", arguments: invalidStreams)
    func invalidFixture(_ name: String) throws {
        let events = try Self.fixtureEvents("invalid/\(name)/stream.jsonl")
        let expected = try JSONValue(parsing: try Data(contentsOf: Self.fixtures.appendingPathComponent("invalid/\(name)/expected.json")))
        guard case .array(let diagnostics) = expected, case .number(let index)? = diagnostics.first?["eventIndex"] else {
            Issue.record("\(name)/expected.json has no eventIndex")
            return
        }
        let result = Self.expandAndVerify(events)
        #expect(result != nil)
        #expect(result?.index == Int(index), "\(result?.violation.description ?? "not flagged")")
    }

    @Test("the flagged streams are exactly the ordering ones copied into the fixtures folder")
    func invalidFixturesListed() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("invalid").path)
        let ordering = folders.filter { !$0.hasPrefix("AGUI3") }.sorted()
        #expect(ordering == Self.invalidStreams)
    }
}
