import ParleyAGUI
import ParleyModel
import Testing

/// TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK and REASONING_MESSAGE_CHUNK expand the way the TypeScript
/// reference client's `transformChunks` does. Expected events are pinned as their wire JSON (events
/// that pass through unchanged show their keys sorted, as `JSONValue(parsing:)` reads them).
struct ChunkExpanderTests {
    /// Every event of `lines` (one JSON object a line) through one expander, then `finish()`.
    static func expand(_ lines: String) throws -> [String] {
        var expander = ChunkExpander()
        var out: [AGUIEvent] = []
        for event in try Self.events(lines) {
            out += try expander.expand(event).get()
        }
        return (out + expander.finish()).map(\.serialized)
    }

    static func events(_ lines: String) throws -> [AGUIEvent] {
        try lines.split(separator: "\n").map { try AGUIEvent(data: String($0)) }
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    // MARK: Text

    @Test("text chunks: START on the first, CONTENT for each delta, END at the end of the stream")
    func textChunks() throws {
        let out = try Self.expand(
            """
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"Hel"}
            {"type":"TEXT_MESSAGE_CHUNK","delta":"lo"}
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"!"}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hel"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"lo"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"!"}
                {"type":"TEXT_MESSAGE_END","messageId":"m1"}
                """
            )
        )
    }

    @Test("role and name pass on to START; empty or missing deltas give no CONTENT")
    func textRoleNameEmptyDelta() throws {
        let out = try Self.expand(
            """
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","role":"user","name":"Ada","delta":""}
            {"type":"TEXT_MESSAGE_CHUNK"}
            {"type":"TEXT_MESSAGE_CHUNK","delta":""}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"user","name":"Ada"}
                {"type":"TEXT_MESSAGE_END","messageId":"m1"}
                """
            )
        )
    }

    @Test("a new messageId ends the open message and starts another")
    func textIdChange() throws {
        let out = try Self.expand(
            """
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"}
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m2","delta":"b"}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"a"}
                {"type":"TEXT_MESSAGE_END","messageId":"m1"}
                {"type":"TEXT_MESSAGE_START","messageId":"m2","role":"assistant"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m2","delta":"b"}
                {"type":"TEXT_MESSAGE_END","messageId":"m2"}
                """
            )
        )
    }

    @Test("a non-chunk event gets the implied END before it and passes through unchanged")
    func nonChunkCloses() throws {
        let out = try Self.expand(
            """
            {"type":"RUN_STARTED","runId":"r1","threadId":"t1"}
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"}
            {"type":"CUSTOM","name":"x","value":null}
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"b"}
            {"type":"RUN_FINISHED","runId":"r1","threadId":"t1","zzz":[1]}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"runId":"r1","threadId":"t1","type":"RUN_STARTED"}
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"a"}
                {"type":"TEXT_MESSAGE_END","messageId":"m1"}
                {"name":"x","type":"CUSTOM","value":null}
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"b"}
                {"type":"TEXT_MESSAGE_END","messageId":"m1"}
                {"runId":"r1","threadId":"t1","type":"RUN_FINISHED","zzz":[1]}
                """
            )
        )
    }

    @Test("side channels pass through without closing; unknown types close", arguments: [
        ("RAW", false), ("ACTIVITY_SNAPSHOT", false), ("ACTIVITY_DELTA", false), ("REASONING_ENCRYPTED_VALUE", false),
        ("SUBAGENT_STARTED", false), ("SUBAGENT_FINISHED", false), ("SUBAGENT_ERROR", false),
        ("STATE_DELTA", true), ("TOOL_CALL_RESULT", true), ("THINKING_START", true), ("REASONING_START", true),
        ("SOMETHING_NEW", true),
    ])
    func sideChannels(_ type: String, _ closes: Bool) throws {
        var expander = ChunkExpander()
        _ = try expander.expand(try AGUIEvent(data: #"{"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"}"#)).get()
        let side = try AGUIEvent(data: #"{"type":"\#(type)","k":1}"#)
        let out = try expander.expand(side).get()
        let end = AGUIEvent(.textMessageEnd, [("messageId", "m1")])
        #expect(out == (closes ? [end, side] : [side]))
        #expect(expander.finish() == (closes ? [] : [end]))
    }

    // MARK: Tool calls

    @Test("tool chunks: START with name and parentMessageId, ARGS per delta, END when a text chunk follows")
    func toolChunks() throws {
        let out = try Self.expand(
            """
            {"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"lookup","parentMessageId":"m0","delta":"{\\"a\\""}
            {"type":"TOOL_CALL_CHUNK","delta":""}
            {"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"ignored","delta":":1}"}
            {"type":"TOOL_CALL_CHUNK","toolCallId":"c2","toolCallName":"other"}
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"done"}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"lookup","parentMessageId":"m0"}
                {"type":"TOOL_CALL_ARGS","toolCallId":"c1","delta":"{\\"a\\""}
                {"type":"TOOL_CALL_ARGS","toolCallId":"c1","delta":":1}"}
                {"type":"TOOL_CALL_END","toolCallId":"c1"}
                {"type":"TOOL_CALL_START","toolCallId":"c2","toolCallName":"other"}
                {"type":"TOOL_CALL_END","toolCallId":"c2"}
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"done"}
                {"type":"TEXT_MESSAGE_END","messageId":"m1"}
                """
            )
        )
    }

    // MARK: Reasoning

    @Test("reasoning chunks: START with role reasoning, CONTENT, and an empty delta closes")
    func reasoningChunks() throws {
        let out = try Self.expand(
            """
            {"type":"REASONING_START","messageId":"r0"}
            {"type":"REASONING_MESSAGE_CHUNK","messageId":"rm1","delta":"think"}
            {"type":"REASONING_MESSAGE_CHUNK","delta":"ing"}
            {"type":"REASONING_MESSAGE_CHUNK","delta":""}
            {"type":"REASONING_MESSAGE_CHUNK","messageId":"rm2","delta":""}
            {"type":"REASONING_MESSAGE_CHUNK","messageId":"rm3"}
            {"type":"REASONING_END","messageId":"r0"}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"messageId":"r0","type":"REASONING_START"}
                {"type":"REASONING_MESSAGE_START","messageId":"rm1","role":"reasoning"}
                {"type":"REASONING_MESSAGE_CONTENT","messageId":"rm1","delta":"think"}
                {"type":"REASONING_MESSAGE_CONTENT","messageId":"rm1","delta":"ing"}
                {"type":"REASONING_MESSAGE_END","messageId":"rm1"}
                {"type":"REASONING_MESSAGE_START","messageId":"rm2","role":"reasoning"}
                {"type":"REASONING_MESSAGE_END","messageId":"rm2"}
                {"type":"REASONING_MESSAGE_START","messageId":"rm3","role":"reasoning"}
                {"type":"REASONING_MESSAGE_END","messageId":"rm3"}
                {"messageId":"r0","type":"REASONING_END"}
                """
            )
        )
    }

    @Test("after an empty delta closed it, a reasoning chunk without a messageId is a violation")
    func reasoningClosedThenNoId() throws {
        var expander = ChunkExpander()
        _ = try expander.expand(try AGUIEvent(data: #"{"type":"REASONING_MESSAGE_CHUNK","messageId":"rm1","delta":""}"#)).get()
        let result = expander.expand(try AGUIEvent(data: #"{"type":"REASONING_MESSAGE_CHUNK","delta":"more"}"#))
        #expect(
            result.failureDescription
                == "AG-UI protocol violation: REASONING_MESSAGE_CHUNK starts a new reasoning message but has no messageId (rule: the first REASONING_MESSAGE_CHUNK of a reasoning message must carry its messageId; offending event: REASONING_MESSAGE_CHUNK)"
        )
    }

    // MARK: Fields that travel on

    @Test("timestamp, metadata, subagentRunId and unknown keys stay on expanded events; END keeps subagentRunId")
    func extrasKept() throws {
        let out = try Self.expand(
            """
            {"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a","timestamp":1,"subagentRunId":"s1","metadata":{"k":"v"},"x-vendor":true}
            {"type":"TEXT_MESSAGE_CHUNK","delta":"b","timestamp":2}
            """
        )
        #expect(
            out == Self.lines(
                """
                {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant","metadata":{"k":"v"},"subagentRunId":"s1","timestamp":1,"x-vendor":true}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"a","metadata":{"k":"v"},"subagentRunId":"s1","timestamp":1,"x-vendor":true}
                {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"b","timestamp":2}
                {"type":"TEXT_MESSAGE_END","messageId":"m1","subagentRunId":"s1"}
                """
            )
        )
    }

    // MARK: Violations

    @Test("a first text chunk without messageId is a violation")
    func textWithoutId() throws {
        var expander = ChunkExpander()
        let result = expander.expand(try AGUIEvent(data: #"{"type":"TEXT_MESSAGE_CHUNK","delta":"a"}"#))
        #expect(
            result.failureDescription
                == "AG-UI protocol violation: TEXT_MESSAGE_CHUNK starts a new text message but has no messageId (rule: the first TEXT_MESSAGE_CHUNK of a text message must carry its messageId; offending event: TEXT_MESSAGE_CHUNK)"
        )
    }

    @Test("a first tool chunk needs toolCallId and toolCallName; a rejected chunk changes nothing")
    func toolWithoutIdOrName() throws {
        var expander = ChunkExpander()
        _ = try expander.expand(try AGUIEvent(data: #"{"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"}"#)).get()

        let noId = expander.expand(try AGUIEvent(data: #"{"type":"TOOL_CALL_CHUNK","toolCallName":"lookup"}"#))
        #expect(
            noId.failureDescription
                == "AG-UI protocol violation: TOOL_CALL_CHUNK starts a new tool call but has no toolCallId (rule: the first TOOL_CALL_CHUNK of a tool call must carry its toolCallId; offending event: TOOL_CALL_CHUNK)"
        )
        let noName = expander.expand(try AGUIEvent(data: #"{"type":"TOOL_CALL_CHUNK","toolCallId":"c1","delta":"{}"}"#))
        #expect(
            noName.failureDescription
                == "AG-UI protocol violation: TOOL_CALL_CHUNK starts tool call c1 but has no toolCallName (rule: the first TOOL_CALL_CHUNK of a tool call must carry toolCallId and toolCallName; offending event: TOOL_CALL_CHUNK (toolCallId c1))"
        )
        // The text message is still open: the next chunk continues it.
        let next = try expander.expand(try AGUIEvent(data: #"{"type":"TEXT_MESSAGE_CHUNK","delta":"b"}"#)).get()
        #expect(next == [AGUIEvent(.textMessageContent, [("messageId", "m1"), ("delta", "b")])])
    }

    @Test("finish with nothing open is empty, and finishing twice adds nothing")
    func finishIdempotent() throws {
        var expander = ChunkExpander()
        #expect(expander.finish().isEmpty)
        _ = try expander.expand(try AGUIEvent(data: #"{"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"t"}"#)).get()
        #expect(expander.finish() == [AGUIEvent(.toolCallEnd, [("toolCallId", "c1")])])
        #expect(expander.finish().isEmpty)
    }

    // MARK: A third-party stream

    @Test("ag-ui-validate's agentic-chat flow: two chunks become START, CONTENT, CONTENT, END before RUN_FINISHED")
    func agenticChat() throws {
        var expander = ChunkExpander()
        var out: [AGUIEvent] = []
        for event in try RunVerifierTests.fixtureEvents("valid/agentic-chat.jsonl") {
            out += try expander.expand(event).get()
        }
        out += expander.finish()
        #expect(
            out.suffix(5).map(\.serialized) == [
                #"{"type":"TEXT_MESSAGE_START","messageId":"msg_002","role":"assistant","timestamp":1755300001200}"#,
                #"{"type":"TEXT_MESSAGE_CONTENT","messageId":"msg_002","delta":"Chunked messages ","timestamp":1755300001200}"#,
                #"{"type":"TEXT_MESSAGE_CONTENT","messageId":"msg_002","delta":"work too.","timestamp":1755300001300}"#,
                #"{"type":"TEXT_MESSAGE_END","messageId":"msg_002"}"#,
                #"{"outcome":{"type":"success"},"runId":"run_001","threadId":"thread_chat","timestamp":1755300001400,"type":"RUN_FINISHED"}"#,
            ]
        )
    }
}

extension Result where Failure == ProtocolViolation {
    /// The violation's text, or nil on success: one value to compare in `#expect`.
    var failureDescription: String? {
        switch self {
        case .success: nil
        case .failure(let violation): violation.description
        }
    }
}
