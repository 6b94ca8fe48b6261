import ParleyAGUI
import ParleyCore
import ParleyModel
import Testing

/// The client-side thread on its own: what each action sends, and what each stream turns into.
struct AGUIConversationTests {
    static func frames(_ events: [AGUIEvent]) -> String {
        events.map { "data: \($0.serialized)\n\n" }.joined()
    }

    static func settings(_ change: (inout AGUISettings) -> Void = { _ in }) -> AGUISettings {
        var settings = AGUISettings(url: "http://127.0.0.1:1/")
        change(&settings)
        return settings
    }

    /// Feeds a whole stream and ends it; the events or the failure message.
    static func play(_ conversation: inout AGUIConversation, _ events: [AGUIEvent]) -> Result<[AgentEvent], ConnectorError> {
        var out: [AgentEvent] = []
        switch conversation.receive(Array(frames(events).utf8)) {
        case .failure(let error): return .failure(error)
        case .success(let events): out += events
        }
        switch conversation.endOfStream() {
        case .failure(let error): return .failure(error)
        case .success(let events): out += events
        }
        return .success(out)
    }

    static func run(_ body: [AGUIEvent], id: String = "r1", finished: [(String, JSONValue?)] = []) -> [AGUIEvent] {
        [AGUIEvent(.runStarted, [("threadId", "t1"), ("runId", .string(id))])] + body
            + [AGUIEvent(.runFinished, [("threadId", "t1"), ("runId", .string(id))] + finished)]
    }

    @Test func theFirstRunCarriesEveryFieldThatOlderServersRequire() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        let input = try conversation.begin(.send(text: "hello"), runID: "r1").get()
        #expect(input["threadId"] == "t1")
        #expect(input["runId"] == "r1")
        #expect(input["state"] == .object([]))
        #expect(input["tools"] == .array([]))
        #expect(input["context"] == .array([]))
        #expect(input["forwardedProps"] == .object([]))
        #expect(input["protocolVersion"] == "1.0")
        guard case .array(let messages)? = input["messages"] else { return #expect(Bool(false)) }
        #expect(messages.count == 1)
        #expect(messages[0]["role"] == "user")
        #expect(messages[0]["content"] == "hello")
    }

    @Test func aStreamedReplyAndABackendToolBecomeParleyEventsAndHistory() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "order A-1"), runID: "r1")
        let events = try Self.play(
            &conversation,
            Self.run([
                AGUIEvent(.toolCallStart, [("toolCallId", "c1"), ("toolCallName", "lookup"), ("parentMessageId", "m0")]),
                AGUIEvent(.toolCallArgs, [("toolCallId", "c1"), ("delta", "{\"id\":")]),
                AGUIEvent(.toolCallArgs, [("toolCallId", "c1"), ("delta", "\"A-1\"}")]),
                AGUIEvent(.toolCallEnd, [("toolCallId", "c1")]),
                AGUIEvent(.toolCallResult, [("messageId", "tr1"), ("toolCallId", "c1"), ("content", "{\"status\":\"shipped\"}"), ("role", "tool")]),
                AGUIEvent(.textMessageStart, [("messageId", "m1"), ("role", "assistant"), ("name", "Shop")]),
                AGUIEvent(.textMessageContent, [("messageId", "m1"), ("delta", "It has ")]),
                AGUIEvent(.textMessageContent, [("messageId", "m1"), ("delta", "shipped.")]),
                AGUIEvent(.textMessageEnd, [("messageId", "m1")]),
            ])
        ).get()
        #expect(events.contains(.toolCall(ToolCall(id: "c1", name: "lookup", args: .object([JSONMember("id", "A-1")])))))
        #expect(events.contains(.toolResult(id: "c1", name: "lookup", content: .object([JSONMember("status", "shipped")]))))
        #expect(events.contains(.reply(Reply(messageID: "m1", text: "It has shipped.", agentName: "Shop"))))
        #expect(events.last == .turnEnded)
        #expect(events.dropLast().last == .runFinished(runID: "r1", outcome: .success))
        // The next run sends the whole exchange back.
        let next = try conversation.begin(.send(text: "thanks"), runID: "r2").get()
        guard case .array(let messages)? = next["messages"] else { return #expect(Bool(false)) }
        #expect(messages.map { $0["role"] } == ["user", "assistant", "tool", "assistant", "user"])
        #expect(messages[1]["toolCalls"]?.serialized() == #"[{"id":"c1","type":"function","function":{"name":"lookup","arguments":"{\"id\":\"A-1\"}"}}]"#)
        #expect(messages[2]["toolCallId"] == "c1")
        #expect(messages[3]["content"] == "It has shipped.")
    }

    @Test func chunkEventsAreExpandedLikeTheReferenceClientDoes() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "hi"), runID: "r1")
        let events = try Self.play(
            &conversation,
            Self.run([
                AGUIEvent(.textMessageChunk, [("messageId", "m1"), ("delta", "Hel")]),
                AGUIEvent(.textMessageChunk, [("messageId", "m1"), ("delta", "lo")]),
                AGUIEvent(.toolCallChunk, [("toolCallId", "c1"), ("toolCallName", "confirm"), ("delta", "{}")]),
            ])
        ).get()
        #expect(events.contains(.reply(Reply(messageID: "m1", text: "Hello"))))
        #expect(events.contains(.toolCall(ToolCall(id: "c1", name: "confirm", args: .object([])))))
    }

    @Test func stateDeltasArePatchedOntoTheSharedStateAndSentBack() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings { $0.state = .object([JSONMember("cart", .array([]))]) })
        _ = conversation.begin(.send(text: "add"), runID: "r1")
        let patch: JSONValue = .array([.object([JSONMember("op", "add"), JSONMember("path", "/cart/-"), JSONMember("value", "book")])])
        let events = try Self.play(&conversation, Self.run([AGUIEvent(.stateDelta, [("delta", patch)])])).get()
        let expected = JSONValue.object([JSONMember("cart", .array(["book"]))])
        #expect(events.contains(.stateDelta(patch)))
        #expect(events.contains(.stateSnapshot(expected)))
        #expect(conversation.state == expected)
        #expect(try conversation.begin(.send(text: "next"), runID: "r2").get()["state"] == expected)
    }

    @Test func aPatchThatDoesNotApplyFailsTheRunNamingIt() {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        let patch: JSONValue = .array([.object([JSONMember("op", "replace"), JSONMember("path", "/missing"), JSONMember("value", 1)])])
        let result = Self.play(&conversation, Self.run([AGUIEvent(.stateDelta, [("delta", patch)])]))
        guard case .failure(let error) = result else { return #expect(Bool(false)) }
        #expect(error.message.contains("STATE_DELTA"))
    }

    @Test func customEventsAreReportedAndMappedToCardsSuggestionsAndHandoffs() throws {
        var conversation = AGUIConversation(
            threadID: "t1", settings: Self.settings { $0.customMappings["product_card"] = .card; $0.customMappings["quick"] = .suggestions })
        _ = conversation.begin(.send(text: "show"), runID: "r1")
        let card: JSONValue = .object([JSONMember("id", "p1"), JSONMember("payload", .object([JSONMember("title", "Lamp")]))])
        let events = try Self.play(
            &conversation,
            Self.run([
                AGUIEvent(.custom, [("name", "product_card"), ("value", card)]),
                AGUIEvent(.custom, [("name", "quick"), ("value", .array(["Buy", "Later"]))]),
                AGUIEvent(.textMessageStart, [("messageId", "m1"), ("role", "assistant")]),
                AGUIEvent(.textMessageContent, [("messageId", "m1"), ("delta", "Here it is")]),
                AGUIEvent(.textMessageEnd, [("messageId", "m1")]),
                AGUIEvent(.custom, [("name", "handoff"), ("value", .object([JSONMember("stage", "queued"), JSONMember("queuePosition", 2)]))]),
            ])
        ).get()
        #expect(events.contains(.custom(name: "product_card", value: card)))
        #expect(events.contains(.card(id: "p1", payload: .object([JSONMember("title", "Lamp")]))))
        #expect(events.contains(.reply(Reply(messageID: "m1", text: "Here it is", suggestions: ["Buy", "Later"]))))
        #expect(events.contains(.handoff(Handoff(stage: .queued, queuePosition: 2))))
    }

    @Test func aCustomEventMappedToAKindItDoesNotFitFailsTheRunSayingWhy() {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        let result = Self.play(&conversation, Self.run([AGUIEvent(.custom, [("name", "handoff"), ("value", .object([JSONMember("stage", "flying")]))])]))
        guard case .failure(let error) = result else { return #expect(Bool(false)) }
        #expect(error.message.contains("\"handoff\""))
        #expect(error.message.contains("flying"))
    }

    @Test func aFrontendToolIsAnsweredWithAToolMessageInTheNextRun() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "do it"), runID: "r1")
        _ = try Self.play(
            &conversation,
            Self.run([
                AGUIEvent(.toolCallStart, [("toolCallId", "c9"), ("toolCallName", "confirm_action")]),
                AGUIEvent(.toolCallArgs, [("toolCallId", "c9"), ("delta", "{\"action\":\"delete\"}")]),
                AGUIEvent(.toolCallEnd, [("toolCallId", "c9")]),
            ], finished: [("outcome", .object([JSONMember("type", "success"), JSONMember("pendingToolCallIds", .array(["c9"]))]))])
        ).get()
        let input = try conversation.begin(.respondTool(callID: "c9", name: "confirm_action", result: "approved"), runID: "r2").get()
        guard case .array(let messages)? = input["messages"] else { return #expect(Bool(false)) }
        #expect(messages.last?["role"] == "tool")
        #expect(messages.last?["toolCallId"] == "c9")
        #expect(messages.last?["content"] == "approved")
        #expect(messages[messages.count - 2]["toolCalls"] != nil)
    }

    @Test func interruptsAreReportedAndResumedInPydanticAIsPayloadShape() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "refund"), runID: "r1")
        let interrupt: JSONValue = .object([
            JSONMember("id", "i1"), JSONMember("reason", "tool_call"), JSONMember("toolCallId", "c1"),
            JSONMember("metadata", .object([JSONMember("amount", 49)])),
        ])
        let events = try Self.play(
            &conversation,
            Self.run([], finished: [("outcome", .object([JSONMember("type", "interrupt"), JSONMember("interrupts", .array([interrupt]))]))])
        ).get()
        #expect(events.contains(.interrupt(id: "i1", reason: "tool_call", payload: .object([JSONMember("amount", 49)]))))
        #expect(events.contains(.runFinished(runID: "r1", outcome: .interrupt)))
        let input = try conversation.begin(.resume(interruptID: nil, decision: .deny, payload: .object([JSONMember("note", "no")])), runID: "r2").get()
        #expect(
            input["resume"]?.serialized()
                == #"[{"interruptId":"i1","status":"resolved","payload":{"approved":false,"note":"no"}}]"#)
    }

    @Test func aMappedFormToolBecomesAFormThatSubmitAnswers() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings { $0.formTools = ["contact_form"] })
        _ = conversation.begin(.send(text: "contact me"), runID: "r1")
        let args = #"{"id":"contact","title":"Contact","formFields":[{"elementType":"textInput","elementId":"name"}],"submitElement":{"elementId":"send"}}"#
        let events = try Self.play(
            &conversation,
            Self.run([
                AGUIEvent(.toolCallStart, [("toolCallId", "c1"), ("toolCallName", "contact_form")]),
                AGUIEvent(.toolCallArgs, [("toolCallId", "c1"), ("delta", .string(args))]),
                AGUIEvent(.toolCallEnd, [("toolCallId", "c1")]),
            ])
        ).get()
        guard case .interactive(let form)? = events.first(where: { if case .interactive = $0 { true } else { false } }) else {
            return #expect(Bool(false), "no form")
        }
        #expect(form.id == "contact")
        #expect(form.kind == .form)
        let input = try conversation.begin(.submit(formID: "contact", values: [JSONMember("name", "Ada")], button: "send"), runID: "r2").get()
        guard case .array(let messages)? = input["messages"] else { return #expect(Bool(false)) }
        #expect(messages.last?["role"] == "tool")
        #expect(messages.last?["toolCallId"] == "c1")
        #expect(messages.last?["content"] == #"{"name":"Ada"}"#)
    }

    @Test func tapsTravelAsTextWithForwardedPropsSayingWhatWasDone() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings { $0.forwardedProps = .object([JSONMember("tenant", "acme")]) })
        let input = try conversation.begin(.tap(suggestion: "Track an order"), runID: "r1").get()
        #expect(input["forwardedProps"]?["tenant"] == "acme")
        #expect(input["forwardedProps"]?["parley"]?["action"] == "tap")
        #expect(ActionProps.decode(input["forwardedProps"]) == .tap(suggestion: "Track an order"))
    }

    @Test func runErrorIsReportedWithItsMessageAndCode() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "fail"), runID: "r1")
        let events = try Self.play(
            &conversation,
            [
                AGUIEvent(.runStarted, [("threadId", "t1"), ("runId", "r1")]),
                AGUIEvent(.runError, [("message", "model exploded"), ("code", "boom")]),
            ]
        ).get()
        #expect(events.contains(.runError(message: "model exploded", code: "boom")))
        #expect(events.last == .turnEnded)
    }

    @Test func unknownEventTypesAndKeysAreKeptNotFatal() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        // Keys sorted: parsed objects come out that way.
        let future = AGUIEvent(json: .object([JSONMember("colour", "blue"), JSONMember("type", "HOLOGRAM_STARTED")]))
        let start = AGUIEvent(.textMessageStart, [("messageId", "m1"), ("role", "assistant"), ("sparkle", true)])
        let events = try Self.play(
            &conversation,
            Self.run([future, start, AGUIEvent(.textMessageContent, [("messageId", "m1"), ("delta", "ok")]), AGUIEvent(.textMessageEnd, [("messageId", "m1")])])
        ).get()
        #expect(events.contains(.raw(future.json)))
        #expect(events.contains(.reply(Reply(messageID: "m1", text: "ok"))))
    }

    @Test func protocolViolationsFailTheRunNamingTheRuleAndTheEvent() {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        let result = Self.play(
            &conversation,
            [
                AGUIEvent(.runStarted, [("threadId", "t1"), ("runId", "r1")]),
                AGUIEvent(.textMessageStart, [("messageId", "m1"), ("role", "assistant")]),
                AGUIEvent(.runFinished, [("threadId", "t1"), ("runId", "r1")]),
            ])
        guard case .failure(let error) = result else { return #expect(Bool(false)) }
        #expect(error.message.contains("RUN_FINISHED"))
        #expect(error.message.contains("m1"))
    }

    @Test func aStreamThatEndsBeforeRunFinishedFails() {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        let result = Self.play(&conversation, [AGUIEvent(.runStarted, [("threadId", "t1"), ("runId", "r1")])])
        guard case .failure(let error) = result else { return #expect(Bool(false)) }
        #expect(error.message.contains("RUN_FINISHED"))
    }

    @Test func aFrameThatIsNotJSONFailsTheRunQuotingIt() {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        guard case .failure(let error) = conversation.receive(Array("data: {\"type\": \"RUN_STA\n\n".utf8)) else { return #expect(Bool(false)) }
        #expect(error.message.contains("not an AG-UI event"))
        #expect(error.message.contains("RUN_STA"))
    }

    @Test func everyByteSplitGivesTheSameEvents() throws {
        let stream = Self.frames(
            Self.run([
                AGUIEvent(.textMessageStart, [("messageId", "m1"), ("role", "assistant")]),
                AGUIEvent(.textMessageContent, [("messageId", "m1"), ("delta", "héllo ✓")]),
                AGUIEvent(.textMessageEnd, [("messageId", "m1")]),
            ]))
        let bytes = Array(stream.utf8)
        var whole = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = whole.begin(.send(text: "x"), runID: "r1")
        let expected = try whole.receive(bytes).get() + whole.endOfStream().get()
        for split in stride(from: 0, through: bytes.count, by: 7) {
            var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
            _ = conversation.begin(.send(text: "x"), runID: "r1")
            let events = try conversation.receive(bytes[..<split]).get() + conversation.receive(bytes[split...]).get() + conversation.endOfStream().get()
            #expect(events == expected)
        }
    }

    @Test func anEmptyTextMessageIsNotAReply() throws {
        var conversation = AGUIConversation(threadID: "t1", settings: Self.settings())
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        let events = try Self.play(
            &conversation,
            Self.run([
                AGUIEvent(.textMessageStart, [("messageId", "m0"), ("role", "assistant")]),
                AGUIEvent(.textMessageEnd, [("messageId", "m0")]),
                AGUIEvent(.toolCallStart, [("toolCallId", "c1"), ("toolCallName", "lookup"), ("parentMessageId", "m0")]),
                AGUIEvent(.toolCallEnd, [("toolCallId", "c1")]),
            ])
        ).get()
        #expect(events.contains(.textStart(messageID: "m0")))
        #expect(!events.contains { if case .reply = $0 { true } else { false } })
        #expect(events.contains(.toolCall(ToolCall(id: "c1", name: "lookup", args: .object([])))))
    }
}
