import ParleyCometChat
import ParleyModel
import Testing

/// Planning submit, click and schedule on interactive messages.
@Suite("CometChat interaction planner")
struct PlannerTests {
    static let planner = CometChatInteractionPlanner(appID: "app1", region: "us")

    static func conversation(_ frames: [String], peer: CometChatPeer = .agent(uid: F.agent)) -> CometChatConversation {
        var driver = ConversationDriver(peer: peer)
        driver.receive(frames)
        return driver.conversation
    }

    static func refusal(_ result: Result<[CometChatInteractionStep], CometChatRefusal>) -> String? {
        if case .failure(let refusal) = result { return refusal.message }
        return nil
    }

    @Test func submittingTheContactFormCallsItsApiActionWithTheFormDataThenMarksIt() throws {
        let conversation = Self.conversation([F.contactForm])
        let steps = try Self.planner.plan(
            .submit(formID: "contact_form", values: [JSONMember("name_field", "Ada")], button: "submit_btn"), in: conversation
        ).get()
        try #require(steps.count == 2)
        guard case .call(let call) = steps[0] else {
            Issue.record("no call first: \(steps)")
            return
        }
        #expect(call.messageID == "contact_form")
        #expect(call.elementID == "submit_btn")
        #expect(call.actionType == "apiAction")
        #expect(call.method == "POST")
        #expect(call.url == "http://127.0.0.1:8767/actions")
        #expect(call.headers == [:])
        // The dropdown's default is submitted as the UI kit pre-fills it.
        #expect(
            call.body?.serialized()
                == #"{"appID":"app1","region":"us","trigger":"ui_message_interacted","payload":{},"data":{"conversationId":"ai-agent-uid_user_cometchat-uid-1","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","messageCategory":"interactive","messageId":30,"messageType":"form","interactionTimezoneCode":"UTC","interactedBy":"cometchat-uid-1","interactedElementId":"submit_btn","formData":{"name_field":"Ada","country_dropdown":"usa"}}}"#)
        #expect(steps[1] == .markInteracted(messageID: 30, flowID: "contact_form", elementID: "submit_btn"))
    }

    @Test func anEmptyButtonNameMeansTheSubmitElement() throws {
        let steps = try Self.planner.plan(.submit(formID: "30", values: [], button: ""), in: Self.conversation([F.contactForm])).get()
        #expect(steps.last == .markInteracted(messageID: 30, flowID: "contact_form", elementID: "submit_btn"))
    }

    @Test func aUrlNavigationButtonIsRecordedThenMarked() throws {
        let steps = try Self.planner.plan(.click(messageID: "31", elementID: "buy_btn"), in: Self.conversation([F.productCard])).get()
        #expect(
            steps == [
                .record(PerformedAction(messageID: "31", elementID: "buy_btn", type: "urlNavigation", url: "https://example.com/buy")),
                .markInteracted(messageID: 31, flowID: "31", elementID: "buy_btn"),
            ])
    }

    @Test func aButtonWithoutAnActionIsOnlyMarked() throws {
        let steps = try Self.planner.plan(
            .submit(formID: "poll", values: [JSONMember("poll_radio", "a")], button: "vote_btn"),
            in: Self.conversation([F.groupPoll], peer: .group(guid: "cometchat-guid-1"))
        ).get()
        #expect(steps == [.markInteracted(messageID: 40, flowID: "poll", elementID: "vote_btn")])
    }

    @Test func schedulingSendsTheSchedulerData() throws {
        let steps = try Self.planner.plan(
            .schedule(messageID: "meeting", slot: "monday 09:30"), in: Self.conversation([F.scheduler]),
            meeting: CometChatMeeting(startAt: "2026-01-05T09:30:00Z", duration: 30)
        ).get()
        guard case .call(let call) = steps.first else {
            Issue.record("no call: \(steps)")
            return
        }
        #expect(call.method == "POST")
        #expect(
            call.body?["data"]?["schedulerData"]?.serialized()
                == #"{"duration":30,"meetStartAt":"2026-01-05T09:30:00Z","messageId":32,"conversationId":"ai-agent-uid_user_cometchat-uid-1","senderId":"cometchat-uid-1"}"#)
        #expect(call.body?["data"]?["formData"] == nil)
        #expect(steps.last == .markInteracted(messageID: 32, flowID: "meeting", elementID: "schedule_btn"))
    }

    @Test func anApiActionsMethodHeadersAndPayloadAreUsed() throws {
        let message = F.message(
            #"{"id":34,"sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"interactive","type":"card","data":{"interactiveData":{"cardActions":[{"elementId":"ok","elementType":"button","action":{"actionType":"apiAction","url":"https://hooks.example.com/ok","method":"PUT","headers":{"X-Key":"k","X-N":3},"payload":{"order":"A-1"}}}]}}}"#)
        let steps = try Self.planner.plan(.click(messageID: "34", elementID: "ok"), in: Self.conversation([message])).get()
        guard case .call(let call) = steps.first else {
            Issue.record("no call: \(steps)")
            return
        }
        #expect(call.method == "PUT")
        #expect(call.headers == ["X-Key": "k", "X-N": "3"])
        #expect(call.body?["payload"] == .object([JSONMember("order", "A-1")]))
        #expect(call.body?["data"]?["messageType"] == "card")
        #expect(call.body?["data"]?["formData"] == nil)
    }

    @Test func deepLinkingAndCustomActionsAreRecorded() throws {
        let message = F.message(
            #"{"id":35,"sender":"ai-agent-uid","category":"interactive","type":"card","data":{"interactiveData":{"cardActions":[{"elementId":"app","elementType":"button","action":{"actionType":"deepLinking","url":"myapp://orders"}},{"elementId":"cb","elementType":"button","action":{"actionType":"customAction","payload":{"k":1}}}]}}}"#)
        let conversation = Self.conversation([message])
        #expect(
            try Self.planner.plan(.click(messageID: "35", elementID: "app"), in: conversation).get().first
                == .record(PerformedAction(messageID: "35", elementID: "app", type: "deepLinking", url: "myapp://orders")))
        #expect(
            try Self.planner.plan(.click(messageID: "35", elementID: "cb"), in: conversation).get().first
                == .record(PerformedAction(messageID: "35", elementID: "cb", type: "customAction", payload: .object([JSONMember("k", 1)]))))
    }

    @Test func refusalsNameWhatWasOffered() {
        var conversation = Self.conversation([F.contactForm, F.productCard, F.scheduler])
        #expect(
            Self.refusal(Self.planner.plan(.click(messageID: "nope", elementID: "x"), in: conversation))
                == #"click "x": the agent sent no interactive message or card "nope"; sent: contact_form, 31, meeting"#)
        #expect(
            Self.refusal(Self.planner.plan(.click(messageID: "contact_form", elementID: "name_field"), in: conversation))
                == #"click "name_field": form "contact_form" has no button "name_field" ("name_field" is a textInput, not a button); its buttons: submit_btn"#)
        #expect(
            Self.refusal(Self.planner.plan(.click(messageID: "31", elementID: "sell_btn"), in: conversation))
                == #"click "sell_btn": card "31" has no button "sell_btn"; its buttons: buy_btn, details_btn"#)
        #expect(
            Self.refusal(Self.planner.plan(.submit(formID: "31", values: [], button: "buy_btn"), in: conversation))
                == #"submit "31": card "31" is not a form"#)
        #expect(
            Self.refusal(Self.planner.plan(.schedule(messageID: "contact_form", slot: "monday 09:00"), in: conversation, meeting: nil))
                == #"schedule "monday 09:00": form "contact_form" is not a scheduler"#)
        #expect(
            Self.refusal(Self.planner.plan(.schedule(messageID: "meeting", slot: "monday 09:00"), in: conversation))
                == #"schedule "monday 09:00": the slot was not resolved to a meeting time"#)
        #expect(
            Self.refusal(Self.planner.plan(.click(messageID: "meeting", elementID: "schedule_btn"), in: conversation))
                == #"click "schedule_btn": it is scheduler "meeting"'s schedule button, which needs a slot: use a schedule step"#)
        #expect(Self.refusal(Self.planner.plan(.send(text: "hi"), in: conversation))?.hasPrefix("send is not an interaction") == true)
        // Pressed once, a disableAfterInteracted button refuses the next press.
        _ = conversation.interacted(flowID: "contact_form", elementID: "submit_btn", interactedAt: 1)
        #expect(
            Self.refusal(Self.planner.plan(.submit(formID: "contact_form", values: [], button: "submit_btn"), in: conversation))
                == #"submit "contact_form": button "submit_btn" of form "contact_form" was already pressed and is disabled after interaction"#)
        #expect(Self.refusal(Self.planner.plan(.click(messageID: "31", elementID: "buy_btn"), in: conversation)) == nil)
    }

    @Test func aDisabledButtonAndTheSendersOwnMessageAreRefused() throws {
        let disabled = F.message(
            #"{"id":36,"sender":"ai-agent-uid","category":"interactive","type":"card","data":{"interactiveData":{"cardActions":[{"elementId":"off","elementType":"button","enabled":false}]}}}"#)
        #expect(
            Self.refusal(Self.planner.plan(.click(messageID: "36", elementID: "off"), in: Self.conversation([disabled])))
                == #"click "off": button "off" of card "36" is disabled (enabled: false)"#)
        // A message the user sent is no event, but pressing it is refused unless it allows sender interaction.
        func own(_ allow: Bool) -> String {
            F.message(
                #"{"id":37,"sender":"cometchat-uid-1","receiver":"ai-agent-uid","category":"interactive","type":"card","data":{"interactiveData":{"cardActions":[{"elementId":"go","elementType":"button"}]},"allowSenderInteraction":\#(allow)}}"#)
        }
        var driver = ConversationDriver()
        driver.receive(own(false))
        #expect(driver.events == [])
        #expect(
            Self.refusal(Self.planner.plan(.click(messageID: "37", elementID: "go"), in: driver.conversation))
                == #"click "go": the user "cometchat-uid-1" sent card "37", which does not allow sender interaction"#)
        #expect(
            try Self.planner.plan(.click(messageID: "37", elementID: "go"), in: Self.conversation([own(true)])).get()
                == [.markInteracted(messageID: 37, flowID: "37", elementID: "go")])
    }

    @Test func aCallsRecordCarriesTheStatusAndTheAnswer() {
        let call = CometChatActionCall(
            messageID: "contact_form", elementID: "submit_btn", actionType: "apiAction", method: "POST", url: "http://127.0.0.1:8767/actions",
            body: .object([JSONMember("a", 1)]))
        #expect(
            call.performed(status: 200, body: Array(#"{"data":{"received":true}}"#.utf8))
                == PerformedAction(
                    messageID: "contact_form", elementID: "submit_btn", type: "apiAction", url: "http://127.0.0.1:8767/actions", method: "POST",
                    payload: .object([JSONMember("a", 1)]), status: 200,
                    response: .object([JSONMember("data", .object([JSONMember("received", true)]))])))
        #expect(call.performed(status: 502, body: Array("Bad Gateway".utf8)).response == "Bad Gateway")
        #expect(call.performed(status: 204, body: []).response == nil)
        #expect(call.failed("connection refused").error == "connection refused")
        #expect(call.failed("connection refused").status == nil)
    }
}
