import ParleyModel
@testable import ParleyServer
import ParleySimulator
import Testing

/// The pure translation of plays into CometChat outputs at their offsets: no server, no clock.
@Suite("CometChat play encoder")
struct CometChatPlayEncoderTests {
    static let script = #"""
        agent: { id: comet, name: Comet Bot }
        timing: { think: 100ms, chunks: 1, chunk_delay: 50ms }
        rules:
          - id: tools
            when: { text: '^tools$' }
            play:
              - run_started
              - tool_call: { id: call_a, name: lookup, args: { id: 7 }, result: { status: ok } }
              - tool_call: { id: call_b, name: weather, args: { city: Oslo }, result: Sunny }
              - reply: { text: "All done here", chunks: 2 }
              - run_finished
          - id: card
            when: { text: '^card$' }
            play:
              - run_started
              - card_start: { id: c1, execution_text: Building card }
              - card: { id: c1, payload: { version: "1.0", body: [{ id: t1, type: text, content: Shipped }], fallbackText: Shipped } }
              - card_end: c1
              - reply: Your order shipped.
              - card: { id: c2, payload: { fallbackText: Later } }
              - run_finished
          - id: form
            when: { text: '^form$' }
            play:
              - run_started
              - interactive:
                  id: contact
                  kind: form
                  data:
                    title: Contact
                    formFields: [{ elementId: name, elementType: textInput, label: Name }]
                    submitElement: { elementId: send, elementType: button, buttonText: Send }
                  goal: { interactionType: anyOf, elementIds: [send] }
              - goal_completed: contact
              - run_finished
          - id: own-action
            when: { text: '^own action$' }
            play:
              - interactive:
                  id: booking
                  kind: scheduler
                  data:
                    title: Book
                    allowSenderInteraction: true
                    availability: { monday: ["09:00-12:00"] }
                    scheduleElement: { elementId: book, elementType: button, buttonText: Book, action: { actionType: urlNavigation, url: "https://x.example" } }
          - id: outside
            when: { text: '^outside$' }
            play:
              - typing: { who: live, state: started }
              - reply: { from: live, agent: Maya, text: "Hi there", chunks: 2 }
              - card: { id: c3, payload: { fallbackText: A card } }
              - tool_call: { id: call_c, name: lookup, args: {}, result: {} }
              - typing: { who: agent, state: stopped }
              - handoff: { stage: started }
              - system: A note
              - custom: { name: n, value: 1 }
          - id: whole
            when: { text: '^faults$' }
            play: [run_started, fault: duplicate_next, reply: x, fault: { close: 4000 }, run_finished]
        fallback:
          play: [run_started, reply: "Sorry?", run_finished]
        """#

    static let encoder = CometChatPlayEncoder(actionsURL: "http://127.0.0.1:9/actions")

    static func play(_ text: String) throws -> Play {
        let script = try AgentScriptParser.parse(text: Self.script, path: "comet.agent.yaml").get()
        var state = ConversationState(threadID: "t")
        return ScriptEngine(script: script).respond(to: .send(text: text), in: &state)
    }

    static func outputs(_ items: [CometChatTimedItem]) -> [CometChatOutput] {
        items.compactMap { item in
            if case .output(let output) = item.content { return output }
            return nil
        }
    }

    /// `data` of a streamed event: runId 5, threadId "t", then `fields`.
    static func data(_ fields: (String, JSONValue)...) -> JSONValue {
        .object([JSONMember("runId", 5), JSONMember("threadId", "t")] + fields.map { JSONMember($0.0, $0.1) })
    }

    static func streamed(_ event: String, _ fields: (String, JSONValue)..., ref: Int? = nil) -> CometChatOutput {
        let data = JSONValue.object([JSONMember("runId", 5), JSONMember("threadId", "t")] + fields.map { JSONMember($0.0, $0.1) })
        return .streamed(event: event, data: data, messageRef: ref)
    }

    @Test("a run with tools: streamed events in order, then tool-arguments and tool-result per call, the assistant last")
    func tools() throws {
        let items = Self.encoder.encode(try Self.play("tools"), runID: 5, conversationID: "t")
        let outputs = Self.outputs(items)
        let deltas = outputs.compactMap { output -> String? in
            if case .streamed("text_message_content", let data, _) = output, case .string(let delta)? = data["delta"] { return delta }
            return nil
        }
        #expect(deltas.count == 2 && deltas.joined() == "All done here")
        let lookupArgs = #"{ "id": 7 }"#
        let weatherArgs = #"{ "city": "Oslo" }"#
        func toolCall(_ id: String, _ name: String, _ arguments: String) -> JSONValue {
            .array([
                .object([
                    JSONMember("id", .string(id)), JSONMember("type", "function"),
                    JSONMember("function", .object([JSONMember("name", .string(name)), JSONMember("arguments", .string(arguments))])),
                ])
            ])
        }
        let expected: [CometChatOutput] = [
            Self.streamed("run_started", ("role", "assistant")),
            Self.streamed(
                "tool_call_start", ("toolCallId", "call_a"), ("toolCallName", "lookup"), ("displayName", ""), ("executionText", ""),
                ("arguments", "")),
            Self.streamed("tool_call_args", ("toolCallId", "call_a"), ("toolCallName", "lookup"), ("delta", .string(lookupArgs))),
            Self.streamed("tool_call_end", ("toolCallId", "call_a"), ("toolCallName", "lookup"), ("arguments", .string(lookupArgs))),
            Self.streamed(
                "tool_call_result", ("toolCallId", "call_a"), ("toolCallName", "lookup"), ("content", #"{"status":"ok"}"#), ("role", "tool")),
            Self.streamed(
                "tool_call_start", ("toolCallId", "call_b"), ("toolCallName", "weather"), ("displayName", ""), ("executionText", ""),
                ("arguments", "")),
            Self.streamed("tool_call_args", ("toolCallId", "call_b"), ("toolCallName", "weather"), ("delta", .string(weatherArgs))),
            Self.streamed("tool_call_end", ("toolCallId", "call_b"), ("toolCallName", "weather"), ("arguments", .string(weatherArgs))),
            Self.streamed("tool_call_result", ("toolCallId", "call_b"), ("toolCallName", "weather"), ("content", "Sunny"), ("role", "tool")),
            Self.streamed("text_message_start", ("streamMessageId", "msg-1"), ("role", "assistant")),
            Self.streamed("text_message_content", ("streamMessageId", "msg-1"), ("delta", .string(deltas[0]))),
            Self.streamed("text_message_content", ("streamMessageId", "msg-1"), ("delta", .string(deltas[1]))),
            Self.streamed("text_message_end", ("streamMessageId", "msg-1"), ref: 0),
            Self.streamed("run_finished"),
            .message(CometChatDraft(ref: 1, category: "agentic", type: "tool-arguments", data: Self.data(("toolCalls", toolCall("call_a", "lookup", lookupArgs))))),
            .message(
                CometChatDraft(
                    ref: 2, category: "agentic", type: "tool-result", data: Self.data(("text", #"{"status":"ok"}"#), ("toolCallId", "call_a")))),
            .message(CometChatDraft(ref: 3, category: "agentic", type: "tool-arguments", data: Self.data(("toolCalls", toolCall("call_b", "weather", weatherArgs))))),
            .message(CometChatDraft(ref: 4, category: "agentic", type: "tool-result", data: Self.data(("text", "Sunny"), ("toolCallId", "call_b")))),
            .message(CometChatDraft(ref: 0, category: "agentic", type: "assistant", data: Self.data(("text", "All done here")))),
        ]
        #expect(outputs == expected)
        // Timed like the play: think time first, the second chunk a chunk delay later, run_finished with it.
        #expect(items.first?.offset == .milliseconds(100))
        #expect(items.last?.offset == .milliseconds(150))
    }

    @Test("a card streams as card_start, card, card_end on the reply's stream, and sits in the assistant's elements in order")
    func card() throws {
        let outputs = Self.outputs(Self.encoder.encode(try Self.play("card"), runID: 5, conversationID: "t"))
        let first = JSONValue.object([
            JSONMember("version", "1.0"),
            JSONMember("body", .array([.object([JSONMember("id", "t1"), JSONMember("type", "text"), JSONMember("content", "Shipped")])])),
            JSONMember("fallbackText", "Shipped"),
        ])
        let second = JSONValue.object([JSONMember("fallbackText", "Later")])
        func card(_ id: String, _ payload: JSONValue) -> JSONValue {
            .object([JSONMember("type", "card"), JSONMember("value", .object([JSONMember("card", payload), JSONMember("cardId", .string(id))]))])
        }
        let elements = JSONValue.array([
            card("c1", first), .object([JSONMember("type", "text"), JSONMember("value", "Your order shipped.")]), card("c2", second),
        ])
        #expect(
            outputs == [
                Self.streamed("run_started", ("role", "assistant")),
                Self.streamed("card_start", ("streamMessageId", "msg-1"), ("cardId", "c1"), ("executionText", "Building card")),
                Self.streamed("card", ("streamMessageId", "msg-1"), ("cardId", "c1"), ("card", first)),
                Self.streamed("card_end", ("cardId", "c1")),
                Self.streamed("text_message_start", ("streamMessageId", "msg-1"), ("role", "assistant")),
                Self.streamed("text_message_content", ("streamMessageId", "msg-1"), ("delta", "Your order shipped.")),
                Self.streamed("text_message_end", ("streamMessageId", "msg-1"), ref: 0),
                Self.streamed("card", ("streamMessageId", "msg-1"), ("cardId", "c2"), ("card", second)),
                Self.streamed("run_finished"),
                .message(
                    CometChatDraft(
                        ref: 0, category: "agentic", type: "assistant", data: Self.data(("text", "Your order shipped."), ("elements", elements)))),
            ])
    }

    @Test("a form: an interactive message with the script's id as muid, the goal, no interactions, and an apiAction to /actions on its submit button")
    func form() throws {
        let outputs = Self.outputs(Self.encoder.encode(try Self.play("form"), runID: 5, conversationID: "t"))
        let interactiveData = JSONValue.object([
            JSONMember("title", "Contact"),
            JSONMember(
                "formFields", .array([.object([JSONMember("elementId", "name"), JSONMember("elementType", "textInput"), JSONMember("label", "Name")])])),
            JSONMember(
                "submitElement",
                .object([
                    JSONMember("elementId", "send"), JSONMember("elementType", "button"), JSONMember("buttonText", "Send"),
                    JSONMember(
                        "action",
                        .object([
                            JSONMember("actionType", "apiAction"), JSONMember("url", "http://127.0.0.1:9/actions"), JSONMember("method", "POST"),
                        ])),
                ])),
        ])
        let data = JSONValue.object([
            JSONMember("interactiveData", interactiveData),
            JSONMember("interactionGoal", .object([JSONMember("type", "anyOf"), JSONMember("elementIds", ["send"])])),
            JSONMember("interactions", []), JSONMember("allowSenderInteraction", false),
        ])
        let goal = InteractionGoal(kind: .anyOf, elementIDs: ["send"])
        #expect(
            outputs == [
                Self.streamed("run_started", ("role", "assistant")),
                .message(CometChatDraft(ref: 0, category: "interactive", type: "form", muid: "contact", data: data, goal: goal)),
                .goalCompleted(muid: "contact"),
                Self.streamed("run_finished"),
            ])
    }

    @Test("a button with its own action keeps it; allowSenderInteraction comes from the data")
    func ownAction() throws {
        let outputs = Self.outputs(Self.encoder.encode(try Self.play("own action"), runID: 5, conversationID: "t"))
        guard case .message(let draft)? = outputs.first else {
            Issue.record("no message: \(outputs)")
            return
        }
        #expect(outputs.count == 1)
        #expect(draft.type == "scheduler" && draft.muid == "booking")
        #expect(draft.data["interactiveData"]?["scheduleElement"]?["action"]?["actionType"] == "urlNavigation")
        #expect(draft.data["allowSenderInteraction"] == true)
        #expect(draft.data["interactionGoal"] == .object([JSONMember("type", "none"), JSONMember("elementIds", [])]))
    }

    @Test("outside a run nothing streams: a reply is a text message, a card a card message, typing an indicator; tools and handoffs send nothing")
    func outside() throws {
        let outputs = Self.outputs(Self.encoder.encode(try Self.play("outside"), runID: 5, conversationID: "t"))
        #expect(
            outputs == [
                .typing(started: true),
                .message(CometChatDraft(ref: 0, category: "message", type: "text", data: .object([JSONMember("text", "Hi there")]))),
                .message(
                    CometChatDraft(
                        ref: 1, category: "card", type: "card",
                        data: .object([JSONMember("card", .object([JSONMember("fallbackText", "A card")])), JSONMember("text", "A card")]))),
                .typing(started: false),
            ])
    }

    @Test("a refused action is a streamed run_error with the simulator's message and code")
    func refused() throws {
        let script = try AgentScriptParser.parse(text: Self.script, path: "comet.agent.yaml").get()
        var state = ConversationState(threadID: "t")
        let play = ScriptEngine(script: script).respond(to: .click(messageID: "nope", elementID: "x"), in: &state)
        let outputs = Self.outputs(Self.encoder.encode(play, runID: 5, conversationID: "t"))
        #expect(outputs.count == 1)
        guard case .streamed("run_error", let data, nil)? = outputs.first else {
            Issue.record("not a run_error: \(outputs)")
            return
        }
        #expect(data["runId"] == 5 && data["threadId"] == "t")
        #expect(data["code"] == "invalid_click")
        #expect(data["message"].map(Interpolation.text)?.contains("nope") == true)
    }

    @Test("a reply that did not stream, inside a run, streams at once: start, one content, end naming its assistant message")
    func wholeReply() {
        let play = Play(items: [
            TimedItem(.event(.runStarted(runID: nil, threadID: nil)), at: .zero),
            TimedItem(.event(.reply(Reply(messageID: "m", text: "Hello"))), at: .milliseconds(10)),
            TimedItem(.event(.runFinished(runID: nil, outcome: .success)), at: .milliseconds(10)),
        ])
        let items = Self.encoder.encode(play, runID: 5, conversationID: "t")
        #expect(
            Self.outputs(items) == [
                Self.streamed("run_started", ("role", "assistant")),
                Self.streamed("text_message_start", ("streamMessageId", "m"), ("role", "assistant")),
                Self.streamed("text_message_content", ("streamMessageId", "m"), ("delta", "Hello")),
                Self.streamed("text_message_end", ("streamMessageId", "m"), ref: 0),
                Self.streamed("run_finished"),
                .message(CometChatDraft(ref: 0, category: "agentic", type: "assistant", data: Self.data(("text", "Hello")))),
            ])
        #expect(items.map(\.offset) == [.zero] + Array(repeating: .milliseconds(10), count: 5))
    }

    @Test("a call's display name and execution text, when the play has them, go in tool_call_start and its tool-arguments message")
    func toolLabels() {
        let call = ToolCall(id: "c", name: "lookup", args: .object([]), displayName: "Order lookup", executionText: "Looking it up…")
        let play = Play(items: [
            TimedItem(.event(.runStarted(runID: nil, threadID: nil)), at: .zero),
            TimedItem(.event(.toolCallStart(id: "c", name: "lookup")), at: .zero),
            TimedItem(.event(.toolCallEnd(id: "c")), at: .zero),
            TimedItem(.event(.toolCall(call)), at: .zero),
            TimedItem(.event(.runFinished(runID: nil, outcome: .success)), at: .zero),
        ])
        let outputs = Self.outputs(Self.encoder.encode(play, runID: 5, conversationID: "t"))
        let function = JSONValue.object([JSONMember("name", "lookup"), JSONMember("arguments", "{}")])
        let toolCalls = JSONValue.array([
            .object([
                JSONMember("id", "c"), JSONMember("type", "function"), JSONMember("displayName", "Order lookup"),
                JSONMember("executionText", "Looking it up…"), JSONMember("function", function),
            ])
        ])
        #expect(
            outputs == [
                Self.streamed("run_started", ("role", "assistant")),
                Self.streamed(
                    "tool_call_start", ("toolCallId", "c"), ("toolCallName", "lookup"), ("displayName", "Order lookup"),
                    ("executionText", "Looking it up…"), ("arguments", "")),
                Self.streamed("tool_call_end", ("toolCallId", "c"), ("toolCallName", "lookup"), ("arguments", "")),
                Self.streamed("run_finished"),
                .message(CometChatDraft(ref: 0, category: "agentic", type: "tool-arguments", data: Self.data(("toolCalls", toolCalls)))),
            ])
    }

    @Test("faults stay in place between the outputs")
    func faults() throws {
        let items = Self.encoder.encode(try Self.play("faults"), runID: 5, conversationID: "t")
        let contents = items.map(\.content)
        #expect(contents.count == 8)
        #expect(contents[1] == .fault(.duplicateNext))
        #expect(contents[5] == .fault(.close(code: 4000, reason: nil)))
        #expect(contents[6] == .output(Self.streamed("run_finished")))
    }
}
