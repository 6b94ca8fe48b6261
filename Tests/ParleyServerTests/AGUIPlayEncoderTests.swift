import ParleyAGUI
import ParleyModel
import ParleyServer
import ParleySimulator
import Testing

/// The play → AG-UI encoder alone: no server, no clock.
@Suite("AG-UI play encoder")
struct AGUIPlayEncoderTests {
    let engine: ScriptEngine

    init() throws {
        engine = ScriptEngine(script: try TestScripts.parsed())
    }

    /// Plays `actions` one after another on a fresh conversation and encodes them as one response.
    func encode(_ actions: [UserAction], protocolVersion: String? = nil, greeting: Bool = false) -> [TimedFrame] {
        var state = ConversationState(threadID: "sim-thread")
        var encoder = AGUIPlayEncoder(threadID: "t1", runID: "r1", protocolVersion: protocolVersion)
        var frames: [TimedFrame] = []
        if greeting { frames += encoder.encode(engine.open(&state)) }
        for action in actions {
            let play = engine.respond(to: action, in: &state)
            frames += encoder.encode(play, pendingFrontendCalls: Set(state.pendingCalls.filter(\.frontend).map(\.id)))
        }
        return frames + encoder.finish()
    }

    /// One line a frame: its type and the id that matters, `malformed` or `drop`.
    func brief(_ frames: [TimedFrame]) -> [String] {
        frames.map { timed in
            switch timed.frame {
            case .event(let event):
                let id = ["runId", "messageId", "toolCallId", "name"].lazy.compactMap { event.string($0) }.first
                return id.map { "\(event.type) \($0)" } ?? event.type
            case .malformed: return "malformed"
            case .drop: return "drop"
            }
        }
    }

    func event(_ frame: TimedFrame) -> AGUIEvent? {
        if case .event(let event) = frame.frame { return event }
        return nil
    }

    @Test("a send: the client's thread and run ids, a tool call with its result, a streamed reply")
    func toolCallAndReply() {
        let frames = encode([.send(text: "order A-1")])
        #expect(
            frames.map { $0.frame.text ?? "" } == [
                #"data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}"# + "\n\n",
                #"data: {"type":"TOOL_CALL_START","toolCallId":"call_lookup","toolCallName":"lookup_order"}"# + "\n\n",
                #"data: {"type":"TOOL_CALL_ARGS","toolCallId":"call_lookup","delta":"{ \"order_id\": \"A-1\" }"}"# + "\n\n",
                #"data: {"type":"TOOL_CALL_END","toolCallId":"call_lookup"}"# + "\n\n",
                #"data: {"type":"TOOL_CALL_RESULT","messageId":"r1-result-1","toolCallId":"call_lookup","content":"{\"status\":\"shipped\"}","role":"tool"}"#
                    + "\n\n",
                #"data: {"type":"TEXT_MESSAGE_START","messageId":"msg-1","role":"assistant","name":"Shop Bot"}"# + "\n\n",
                #"data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"msg-1","delta":"Order A-1 "}"# + "\n\n",
                #"data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"msg-1","delta":"has shipped."}"# + "\n\n",
                #"data: {"type":"TEXT_MESSAGE_END","messageId":"msg-1"}"# + "\n\n",
                #"data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}"# + "\n\n",
            ])
    }

    @Test("frames keep their play's offsets; a second play starts when the first is over")
    func offsets() {
        let frames = encode([.send(text: "slow"), .send(text: "slow")])
        let starts = frames.filter { event($0)?.kind == .textMessageStart }.map(\.offset)
        #expect(starts == [.zero, .seconds(3), .seconds(3), .seconds(6)])
        #expect(brief(frames).filter { $0.hasPrefix("RUN_") } == ["RUN_STARTED r1", "RUN_FINISHED r1", "RUN_STARTED r1-2", "RUN_FINISHED r1-2"])
    }

    @Test("the greeting names the agent and sends its suggestions as reply_extras after TEXT_MESSAGE_START")
    func greeting() throws {
        let frames = encode([], greeting: true)
        #expect(
            brief(frames) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_START msg-1", "CUSTOM reply_extras", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_CONTENT msg-1",
                "TEXT_MESSAGE_END msg-1", "RUN_FINISHED r1",
            ])
        #expect(event(frames[2])?.serialized == #"{"type":"CUSTOM","name":"reply_extras","value":{"messageId":"msg-1","suggestions":["Track an order"]}}"#)
    }

    @Test("events a play sends after run_finished are wrapped in a second run, closed when the response ends")
    func afterRunFinished() throws {
        let frames = encode([.send(text: "human")])
        #expect(
            brief(frames) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_START msg-1", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_END msg-1", "RUN_FINISHED r1",
                "RUN_STARTED r1-2", "CUSTOM handoff", "CUSTOM handoff", "TEXT_MESSAGE_START msg-2", "CUSTOM reply_extras",
                "TEXT_MESSAGE_CONTENT msg-2", "TEXT_MESSAGE_END msg-2", "RUN_FINISHED r1-2",
            ])
        #expect(event(frames[8])?.string("name") == "Maya")
        #expect(event(frames[9])?["value"]?["from"] == .string("live"))
        #expect(frames.last?.offset == .milliseconds(50))
    }

    @Test("an event before the play's run_started gets a run of its own, closed where the play's run begins")
    func beforeRunStarted() {
        let submit = UserAction.submit(formID: "contact", values: [JSONMember("name", "Ada")], button: "send")
        let frames = encode([.send(text: "form"), submit])
        // goal_completed stays before the play's run_started, as in-process.
        #expect(
            brief(frames) == [
                "RUN_STARTED r1", "CUSTOM interactive", "RUN_FINISHED r1",
                "RUN_STARTED r1-2", "CUSTOM goal_completed", "RUN_FINISHED r1-2",
                "RUN_STARTED r1-3", "TEXT_MESSAGE_START msg-1", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_END msg-1", "RUN_FINISHED r1-3",
            ])
    }

    @Test("a play with no run at all (a live agent's message) is wrapped in one")
    func noRun() {
        #expect(
            brief(encode([.send(text: "psst")])) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_START msg-1", "CUSTOM reply_extras", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_END msg-1",
                "RUN_FINISHED r1",
            ])
    }

    @Test("a refusal's bare run_error gets a RUN_STARTED before it and nothing after it")
    func refusal() throws {
        let frames = encode([.resume(interruptID: "nope", decision: .approve, payload: nil)])
        #expect(brief(frames) == ["RUN_STARTED r1", "RUN_ERROR"])
        #expect(event(frames[1])?.string("code") == "no_interrupt")
        #expect(event(frames[1])?.string("message")?.hasPrefix("resume refused: there is no open interrupt 'nope'") == true)
    }

    @Test("an interrupt goes out on its run's RUN_FINISHED as the interrupt outcome")
    func interrupt() throws {
        let frames = encode([.send(text: "refund"), .respondTool(callID: "call_confirm", name: "", result: .object([JSONMember("confirmed", true)]))])
        let finished = frames.compactMap(event).filter { $0.kind == .runFinished }
        #expect(finished.map(\.serialized) == [
            #"{"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}"#,
            #"{"type":"RUN_FINISHED","threadId":"t1","runId":"r1-2","outcome":{"type":"interrupt","interrupts":[{"id":"approval","reason":"tool_call","metadata":{"amount":49}}]}}"#,
        ])
    }

    @Test("a 1.0 client gets a success outcome naming the frontend calls left waiting; others get no outcome")
    func pendingToolCalls() throws {
        let version1 = encode([.send(text: "refund"), .send(text: "hello")], protocolVersion: "1.0").compactMap(event).filter { $0.kind == .runFinished }
        #expect(version1.map { $0["outcome"] } == [
            .object([JSONMember("type", "success"), JSONMember("pendingToolCallIds", ["call_confirm"])]),
            .object([JSONMember("type", "success")]),
        ])
        let legacy = encode([.send(text: "refund")]).compactMap(event).filter { $0.kind == .runFinished }
        #expect(legacy.map { $0["outcome"] } == [nil])
        let later = encode([.send(text: "hello")], protocolVersion: "1.2").compactMap(event).filter { $0.kind == .runFinished }
        #expect(later.map { $0["outcome"] } == [.object([JSONMember("type", "success")])])
        let older = encode([.send(text: "hello")], protocolVersion: "0.1").compactMap(event).filter { $0.kind == .runFinished }
        #expect(older.map { $0["outcome"] } == [nil])
    }

    @Test("duplicate_next sends the next frame twice; reorder_next swaps the next two")
    func duplicateAndReorder() {
        #expect(
            brief(encode([.send(text: "duplicate")])) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_START msg-1", "TEXT_MESSAGE_START msg-1", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_END msg-1",
                "RUN_FINISHED r1",
            ])
        #expect(
            brief(encode([.send(text: "reorder")])) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_START msg-1", "TEXT_MESSAGE_END msg-1", "RUN_FINISHED r1",
            ])
    }

    @Test("malformed_frame sends a frame that is not JSON; drop_connection ends the frames, leaving the cut message open")
    func malformedAndDrop() throws {
        let malformed = encode([.send(text: "malformed")])
        #expect(brief(malformed)[1] == "malformed")
        #expect(throws: AGUIDecodingError.self) { try AGUIEvent(data: SSEFrame.malformedData) }
        #expect(
            brief(encode([.send(text: "drop"), .send(text: "hello")])) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_START msg-1", "TEXT_MESSAGE_CONTENT msg-1", "TEXT_MESSAGE_CONTENT msg-1", "drop",
            ])
    }

    @Test("nothing to play is still one well-formed run")
    func emptyRun() {
        #expect(brief(encode([])) == ["RUN_STARTED r1", "RUN_FINISHED r1"])
        #expect(brief(encode([.send(text: "silence")])) == ["RUN_STARTED r1", "RUN_FINISHED r1"])
    }

    @Test("a reply delivered whole, empty deltas, custom, state and raw events")
    func otherEvents() throws {
        let reply = Reply(messageID: "m9", text: "Whole", agentName: "Bot", attachments: [.object([JSONMember("url", "https://x")])])
        let play = Play(items: [
            TimedItem(.event(.textStart(messageID: "m8")), at: .zero),
            TimedItem(.event(.textDelta(messageID: "m8", delta: "")), at: .zero),
            TimedItem(.event(.textEnd(messageID: "m8")), at: .zero),
            TimedItem(.event(.reply(Reply(messageID: "m8", text: ""))), at: .zero),
            TimedItem(.event(.reply(reply)), at: .zero),
            TimedItem(.event(.custom(name: "acme.thing", value: 1)), at: .zero),
            TimedItem(.event(.stateSnapshot(.object([JSONMember("cart", [])]))), at: .zero),
            TimedItem(.event(.stateDelta([.object([JSONMember("op", "add"), JSONMember("path", "/cart/0"), JSONMember("value", 1)])])), at: .zero),
            TimedItem(.event(.raw(.object([JSONMember("vendor", true)]))), at: .zero),
            TimedItem(.event(.delivery(draftID: "d", state: .sent)), at: .zero),
            TimedItem(.event(.turnEnded), at: .zero),
            TimedItem(.event(.system(text: "after the turn", level: .info)), at: .zero),
        ])
        var encoder = AGUIPlayEncoder(threadID: "t1", runID: "r1")
        let frames = encoder.encode(play) + encoder.finish()
        #expect(
            brief(frames) == [
                "RUN_STARTED r1", "TEXT_MESSAGE_START m8", "TEXT_MESSAGE_END m8", "TEXT_MESSAGE_START m9", "CUSTOM reply_extras",
                "TEXT_MESSAGE_CONTENT m9", "TEXT_MESSAGE_END m9", "CUSTOM acme.thing", "STATE_SNAPSHOT", "STATE_DELTA", "RAW", "RUN_FINISHED r1",
            ])
        #expect(event(frames[3])?.string("name") == "Bot")
        #expect(event(frames[9])?["delta"]?.serialized() == #"[{"op":"add","path":"/cart/0","value":1}]"#)
        #expect(event(frames[10])?["event"] == .object([JSONMember("vendor", true)]))
    }
}
