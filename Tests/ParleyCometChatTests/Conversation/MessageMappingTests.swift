import ParleyCometChat
import ParleyModel
import Testing

/// `message` frames: the three agentic types, interactive messages, cards, text from others,
/// the user's own echoes, typing.
@Suite("CometChat messages")
struct MessageMappingTests {
    @Test func theThreeAgenticMessagesAfterAStreamedRun() {
        var driver = ConversationDriver()
        driver.receive(F.weatherRun)
        driver.clear()
        driver.receive([F.toolArgumentsMessage, F.toolResultMessage, F.assistantMessage])
        let agentic = driver.events.compactMap { event -> AgenticMessage? in
            if case .agenticMessage(let message) = event { return message }
            return nil
        }
        #expect(agentic.map(\.type) == [.toolArguments, .toolResult, .assistant])
        #expect(agentic.map(\.id) == ["18", "19", "20"])
        #expect(agentic.allSatisfy { $0.runID == "17" && $0.sender == F.agent })
        // The stream announced message 20, so it is no second reply.
        #expect(!driver.events.contains { if case .reply = $0 { true } else { false } })
    }

    @Test func anAssistantMessageNobodyStreamedIsAlsoTheReply() {
        var driver = ConversationDriver()
        driver.receive(F.assistantMessage)
        guard case .agenticMessage(let message) = driver.events.first else {
            Issue.record("no agentic message first: \(driver.events)")
            return
        }
        #expect(message.type == .assistant)
        #expect(driver.events.dropFirst().first == .reply(Reply(messageID: "20", text: "It is 31°C and sunny in Mumbai.", agentName: "Weather Bot")))
    }

    @Test func cardsInAnAssistantMessagesElementsThatWereNotStreamedAreReportedAndChecked() {
        var driver = ConversationDriver()
        let elements = #"[{"type":"text","value":"Here is your order"},{"type":"card","value":{"card":\#(F.orderCard),"cardId":"card-7"}},{"type":"card","value":{"card":{"version":"2.0"},"cardId":"card-8"}}]"#
        driver.receive(
            F.message(
                #"{"id":21,"sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"agentic","type":"assistant","data":{"text":"Here is your order","runId":17,"elements":\#(elements)}}"#))
        #expect(driver.events.count == 5)
        #expect(driver.events[1] == .reply(Reply(messageID: "21", text: "Here is your order", elements: F.json(elements))))
        #expect(driver.events[2] == .card(id: "card-7", payload: F.json(F.orderCard)))
        #expect(driver.events[3] == .card(id: "card-8", payload: F.json(#"{"version":"2.0"}"#)))
        guard case .runError(let message, let code) = driver.events[4] else {
            Issue.record("no invalid card error: \(driver.events)")
            return
        }
        #expect(code == "invalid_card")
        #expect(message.hasPrefix(#"the agent sent an invalid card card-8: version must be the string "1.0", got "2.0"; body is missing"#))
        #expect(driver.conversation.card("card-7") == F.json(F.orderCard))
    }

    @Test func aStreamedCardIsNotReportedAgainFromTheElements() {
        var driver = ConversationDriver()
        driver.receive(F.streamed("card", #""cardId":"card-7","card":\#(F.orderCard)"#))
        driver.clear()
        let elements = #"[{"type":"card","value":{"card":\#(F.orderCard),"cardId":"card-7"}}]"#
        driver.receive(
            F.message(#"{"id":21,"sender":"ai-agent-uid","category":"agentic","type":"assistant","data":{"text":"","runId":17,"elements":\#(elements)}}"#))
        #expect(!driver.events.contains { if case .card = $0 { true } else { false } })
    }

    @Test func seed002sFormCardAndSchedulerAreInteractiveMessages() throws {
        var driver = ConversationDriver()
        driver.receive([F.contactForm, F.productCard, F.scheduler])
        let messages = driver.events.compactMap { event -> InteractiveMessage? in
            if case .interactive(let message) = event { return message }
            return nil
        }
        try #require(messages.count == 3)
        #expect(messages.map(\.id) == ["contact_form", "31", "meeting"])
        #expect(messages.map(\.kind) == [.form, .card, .scheduler])
        #expect(messages[0].goal == InteractionGoal(kind: .anyOf, elementIDs: ["submit_btn"]))
        #expect(messages[1].goal == InteractionGoal(kind: .anyOf, elementIDs: ["buy_btn", "details_btn"]))
        #expect(messages[2].goal == InteractionGoal(kind: .none))
        #expect(messages[0].data["title"] == "Contact Form")
        #expect(messages[0].sender == F.agent)
        #expect(messages[0].receiver == F.user)
        #expect(messages[0].receiverType == "user")
        #expect(messages[0].allowSenderInteraction)
        let form = try #require(driver.conversation.interactive("contact_form"))
        #expect(form.message.id == 30)
        #expect(form.message.conversationID == F.conversation)
        #expect(driver.conversation.interactive("30") == form)
        #expect(driver.conversation.interactive("31")?.kind == .card)
        #expect(driver.conversation.targetIDs == ["contact_form", "31", "meeting"])
    }

    @Test func aGroupFormArrivesInTheGroup() throws {
        var driver = ConversationDriver(peer: .group(guid: "cometchat-guid-1"))
        driver.receive(F.groupPoll)
        guard case .interactive(let poll)? = driver.events.first else {
            Issue.record("no interactive: \(driver.events)")
            return
        }
        #expect(poll.id == "poll")
        #expect(poll.receiverType == "group")
        #expect(poll.receiver == "cometchat-guid-1")
        #expect(poll.goal.kind == .anyAction)
        #expect(driver.conversation.conversationID == "group_cometchat-guid-1")
        #expect(driver.conversation.interactive("poll")?.message.conversationID == "group_cometchat-guid-1")
    }

    @Test func aCardMessageIsACardNamedByItsFlowId() {
        var driver = ConversationDriver()
        driver.receive(
            F.message(#"{"id":50,"muid":"shipping","sender":"ai-agent-uid","category":"card","type":"order","data":{"card":\#(F.minimalCard),"text":"Order #1234 shipped"}}"#))
        driver.receive(F.message(#"{"id":51,"sender":"ai-agent-uid","category":"card","type":"x","data":{"card":\#(F.minimalCard)}}"#))
        #expect(driver.events == [.card(id: "shipping", payload: F.json(F.minimalCard)), .card(id: "51", payload: F.json(F.minimalCard))])
        #expect(driver.conversation.card("shipping") == F.json(F.minimalCard))
    }

    @Test func textFromTheAgentIsAnAgentReplyAndFromAnyoneElseALiveOne() {
        var driver = ConversationDriver()
        driver.receive(F.message(#"{"id":60,"sender":"ai-agent-uid","category":"message","type":"text","data":{"text":"Hello"}}"#))
        driver.receive(
            F.message(#"{"id":61,"sender":"sam","category":"message","type":"text","data":{"text":"Sam here","entities":{"sender":{"entity":{"uid":"sam","name":"Sam","role":"default"}}}}}"#))
        #expect(
            driver.events == [
                .reply(Reply(messageID: "60", text: "Hello", from: .agent)), .reply(Reply(messageID: "61", text: "Sam here", from: .live, agentName: "Sam")),
            ])
    }

    @Test func inAGroupTheAgentIsKnownByRoleOrByItsRuns() {
        var driver = ConversationDriver(peer: .group(guid: "g1"))
        driver.receive(
            F.message(#"{"id":62,"sender":"bot-7","category":"message","type":"text","data":{"text":"Hi","entities":{"sender":{"entity":{"uid":"bot-7","role":"@agentic"}}}}}"#))
        driver.receive(F.streamed("run_started"))
        driver.receive(F.message(#"{"id":63,"sender":"ai-agent-uid","category":"message","type":"text","data":{"text":"Again"}}"#))
        let replies = driver.events.compactMap { event -> Participant? in
            if case .reply(let reply) = event { return reply.from }
            return nil
        }
        #expect(replies == [.agent, .agent])
    }

    @Test func theUsersOwnMessagesAndRepeatsMeanNothing() {
        var driver = ConversationDriver()
        driver.receive(F.message(#"{"id":17,"muid":"parley-1","sender":"cometchat-uid-1","category":"message","type":"text","data":{"text":"What's the weather?"}}"#))
        #expect(driver.events == [])
        driver.receive(F.contactForm)
        driver.receive(F.contactForm)
        #expect(driver.events.count == 1)
    }

    @Test func otherCategoriesAndTypesAreRaw() {
        var driver = ConversationDriver()
        let image = #"{"id":70,"sender":"ai-agent-uid","category":"message","type":"image","data":{"url":"https://x/y.png"}}"#
        let action = #"{"id":71,"sender":"ai-agent-uid","category":"action","type":"groupMember","data":{}}"#
        driver.receive([F.message(image), F.message(action)])
        #expect(driver.events == [.raw(F.json(image)), .raw(F.json(action))])
    }

    @Test func typingFromTheAgentFromSomeoneElseAndFromTheUser() {
        var driver = ConversationDriver()
        func typing(_ sender: String, _ action: String) -> String {
            #"{"type":"typing_indicator","sender":"\#(sender)","body":{"sender":"\#(sender)","receiver":"cometchat-uid-1","receiverType":"user","action":"\#(action)"}}"#
        }
        driver.receive([typing(F.agent, "started"), typing("sam", "ended"), typing(F.user, "started")])
        #expect(driver.events == [.typing(who: .agent, isTyping: true), .typing(who: .live, isTyping: false)])
    }

    @Test func unknownFrameTypesAreRawAndAuthAndPongAreNothing() {
        var driver = ConversationDriver()
        let presence = #"{"type":"presence","body":{"uid":"sam","status":"online"}}"#
        driver.receive([presence, #"{"type":"auth","body":{"code":200,"status":"OK"}}"#, #"{"action":"pong"}"#])
        #expect(driver.events == [.raw(F.json(presence))])
    }

    @Test func aViolationComesBackAsAProtocolWarningWithTheFrame() {
        var conversation = CometChatConversation(settings: .init(user: F.user, peer: .agent(uid: F.agent)))
        let events = conversation.receive(text: "not json", at: .zero)
        #expect(events == [.protocolWarning(message: "CometChat sent a frame that is not JSON: not json", frame: "not json")])
    }
}
