import ParleyModel
@testable import ParleyServer
import ParleySimulator
import Testing

/// The pure translation of plays into PolyAI events at their offsets: no server, no clock.
@Suite("PolyAI play encoder")
struct PolyAIPlayEncoderTests {
    static let script = #"""
        agent: { id: poly, name: Poly Bot }
        timing: { think: 100ms, chunks: 1, chunk_delay: 50ms }
        rules:
          - id: streamed
            when: { text: '^streamed$' }
            play:
              - run_started
              - reply: { text: "one two three", chunks: 3, suggestions: [Yes], attachments: [{ url: "https://x.example/a.png", content_type: image, title: A }] }
              - run_finished
          - id: cut
            when: { text: '^cut$' }
            play: [reply: { text: "a b c d", chunks: 4, cut_after: 2 }, fault: drop_connection]
          - id: call
            when: { text: '^call$' }
            play: [reply: { text: "Ring us", chunks: 2, call_actions: [{ title: Call, contact_number: "+1555" }] }]
          - id: live
            when: { text: '^live$' }
            play:
              - typing: { who: live, state: started }
              - reply: { from: live, agent: Maya Lee, text: "Hi there", chunks: 2 }
              - typing: { who: agent, state: started }
              - typing: { who: agent, state: stopped }
          - id: quiet
            when: { text: '^quiet$' }
            play: [run_started, tool_call: { name: t, args: {}, result: {} }, card: { id: c, payload: { title: T } }, custom: { name: n, value: 1 }, run_finished]
          - id: faults
            when: { text: '^faults$' }
            play: [fault: { delay_echo: 2s }, fault: duplicate_next, reply: x, fault: { delay_echo: 500ms }, fault: { close: { code: 4002, reason: idle } }]
          - id: ladder
            when: { text: '^ladder$' }
            play:
              - handoff: { stage: started }
              - handoff: { stage: queued, queue_position: 3, reason: Hang on }
              - handoff: { stage: client_handoff_required, route: { url: "https://x.example" } }
              - system: Note
              - run_error: Broken
              - session_ended: { reason: timeout }
          - id: end
            when: { end: true }
            play: [reply: Bye]
        """#

    static func play(_ text: String) throws -> Play {
        let script = try AgentScriptParser.parse(text: Self.script, path: "encoder.agent.yaml").get()
        var state = ConversationState(threadID: "t")
        return ScriptEngine(script: script).respond(to: text == "end" ? .end : .send(text: text), in: &state)
    }

    static func encoder(streaming: Bool, joining: PolyAIChunkJoining = .space) -> PolyAIPlayEncoder {
        PolyAIPlayEncoder(streaming: streaming, chunkJoining: joining, agentName: "Poly Bot")
    }

    @Test("streaming: one chunk per piece at its chunk time, 1-based, trimmed for space joining, extras on the last")
    func streamed() throws {
        let encoded = Self.encoder(streaming: true).encode(try Self.play("streamed"))
        #expect(encoded.items.map(\.offset) == [.milliseconds(100), .milliseconds(150), .milliseconds(200)])
        let chunks = encoded.events.map(\.payload)
        #expect(encoded.events.allSatisfy { $0.type == .polyAgentMessageChunk && $0.isPermanent })
        #expect(chunks.map { $0["text"] } == ["one", "two", "three"])
        #expect(chunks.map { $0["chunk_index"] } == [1, 2, 3])
        #expect(chunks.map { $0["is_complete"] } == [false, false, true])
        #expect(chunks.map { $0["message_id"] } == ["msg-1", "msg-1", "msg-1"])
        #expect(chunks[0]["attachments"] == .array([]) && chunks[0]["response_suggestions"] == .array([]))
        #expect(chunks[2]["response_suggestions"] == .array([.object([JSONMember("message_text", "Yes"), JSONMember("payload", "Yes")])]))
        #expect(
            chunks[2]["attachments"]
                == .array([
                    .object([
                        JSONMember("content_type", "ATTACHMENT_CONTENT_TYPE_IMAGE"), JSONMember("content_url", "https://x.example/a.png"),
                        JSONMember("title", "A"), JSONMember("preview_image_url", "https://x.example/a.png"),
                    ])
                ]))
        #expect(encoded.lastSuggestions == ["Yes"])
        let concatenated = Self.encoder(streaming: true, joining: .concatenate).encode(try Self.play("streamed"))
        #expect(concatenated.events.map { $0.payload["text"] } == ["one ", "two ", "three"])
    }

    @Test("not streaming: one POLY_AGENT_MESSAGE when the last chunk is due, with every field")
    func whole() throws {
        let encoded = Self.encoder(streaming: false).encode(try Self.play("streamed"))
        #expect(encoded.items.count == 1)
        #expect(encoded.items[0].offset == .milliseconds(200))
        let message = try #require(encoded.events.first)
        #expect(message.type == .polyAgentMessage)
        #expect(
            message.payload.objectKeys == ["message_id", "text", "agent_name", "attachments", "response_suggestions", "chat_call_actions"])
        #expect(message.payload["text"] == "one two three")
        #expect(message.payload["agent_name"] == "Poly Bot")
    }

    @Test("a stream cut short never completes; the drop stays in place")
    func cut() throws {
        let encoded = Self.encoder(streaming: true).encode(try Self.play("cut"))
        #expect(encoded.events.map { $0.payload["is_complete"] } == [false, false])
        #expect(encoded.items.last == PolyAITimedItem(.fault(.dropConnection), at: .milliseconds(150)))
        #expect(Self.encoder(streaming: false).encode(try Self.play("cut")).events.isEmpty)
    }

    @Test("a reply with call actions is one message even when streaming: chunks cannot carry them")
    func callActions() throws {
        let encoded = Self.encoder(streaming: true).encode(try Self.play("call"))
        #expect(encoded.events.map(\.type) == [.polyAgentMessage])
        #expect(
            encoded.events[0].payload["chat_call_actions"]
                == .array([.object([JSONMember("title", "Call"), JSONMember("contact_number", "+1555")])]))
    }

    @Test("a live agent: typing is transient, its reply one LIVE_AGENT_MESSAGE; the agent's typing is THINKING")
    func live() throws {
        let encoded = Self.encoder(streaming: true).encode(try Self.play("live"))
        #expect(encoded.events.map(\.type) == [.liveAgentTyping, .liveAgentMessage, .polyAgentThinking])
        #expect(encoded.events[0].isPermanent == false)
        #expect(encoded.events[0].payload == .object([JSONMember("state", "TYPING_STATE_STARTED")]))
        let message = encoded.events[1].payload
        #expect(message["agent_name"] == "Maya Lee" && message["agent_id"] == "live-maya-lee" && message["text"] == "Hi there")
    }

    @Test("runs, tools, cards and custom events have no PolyAI form")
    func quiet() throws {
        #expect(Self.encoder(streaming: true).encode(try Self.play("quiet")).items.isEmpty)
    }

    @Test("delay_echo faults add up and leave the items; other faults stay in place")
    func faults() throws {
        let encoded = Self.encoder(streaming: false).encode(try Self.play("faults"))
        #expect(encoded.echoDelay == .milliseconds(2500))
        #expect(
            encoded.items.map(\.content) == [
                .fault(.duplicateNext), .output(encoded.events[0]), .fault(.close(code: 4002, reason: "idle")),
            ])
    }

    @Test("handoff stages, system messages, run errors and the session's end")
    func ladder() throws {
        let events = Self.encoder(streaming: false).encode(try Self.play("ladder")).events
        #expect(
            events.map(\.type) == [.polyAgentTriggeredHandoff, .handoffQueueStatus, .clientHandoffRequired, .systemMessage, .systemMessage, .sessionEnd])
        #expect(events[1].payload == .object([JSONMember("position_in_queue", 3), JSONMember("display_message", "Hang on")]))
        #expect(events[2].payload == .object([JSONMember("route", .object([JSONMember("url", "https://x.example")]))]))
        #expect(events[3].payload == .object([JSONMember("message", "Note"), JSONMember("level", "SYSTEM_MESSAGE_LEVEL_INFO")]))
        #expect(events[4].payload == .object([JSONMember("message", "Broken"), JSONMember("level", "SYSTEM_MESSAGE_LEVEL_ERROR")]))
        #expect(events[5].payload == .object([JSONMember("reason", "timeout")]))
    }

    @Test("the answer to USER_END_SESSION always ends with SESSION_END REASON_USER_END")
    func userEnd() throws {
        let events = Self.encoder(streaming: false).encode(try Self.play("end"), endReason: "REASON_USER_END").events
        #expect(events.map(\.type) == [.polyAgentMessage, .sessionEnd])
        #expect(events[1].payload["reason"] == "REASON_USER_END")
        let ended = Self.encoder(streaming: false).encode(try Self.play("ladder"), endReason: "REASON_USER_END").events
        #expect(ended.filter { $0.type == .sessionEnd }.map { $0.payload["reason"] } == ["REASON_USER_END"])
    }

    @Test("records serialize in envelope order; transient ones without a sequence; batches in either payload form")
    func records() {
        let event = PolyAIEvent(.polyAgentMessage, payload: .object([JSONMember("text", "Hi")]), metadata: .object([]))
        let record = PolyAIRecord(event, id: "e1", sequence: 4, timestamp: "2026-05-07T12:00:00.000Z")
        #expect(
            record.text
                == #"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","id":"e1","sequence":4,"timestamp":"2026-05-07T12:00:00.000Z","payload":{"text":"Hi"},"metadata":{}}"#
        )
        let heartbeat = PolyAIRecord(PolyAIEvent(.heartbeat, isPermanent: false), id: "h", sequence: nil, timestamp: "t")
        #expect(heartbeat.text == #"{"type":"EVENT_TYPE_HEARTBEAT","id":"h","timestamp":"t","payload":{}}"#)
        #expect(
            PolyAIRecord.batch([record], style: .oneofKey)
                == #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","id":"e1","sequence":4,"timestamp":"2026-05-07T12:00:00.000Z","poly_agent_message":{"text":"Hi"},"metadata":{}}]}}"#
        )
        #expect(PolyAIRecord.batch([], style: .payload) == #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[]}}"#)
    }
}

extension JSONValue {
    /// An object's keys, in order.
    var objectKeys: [String] {
        if case .object(let members) = self { return members.map(\.key) }
        return []
    }
}
