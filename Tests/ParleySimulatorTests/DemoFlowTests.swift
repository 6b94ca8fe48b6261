import ParleyModel
import ParleySimulator
import Testing

/// The actions of the example flows in Flows/, played against the demo script through the engine,
/// checking the events each flow expects.
@Suite("demo script against the example flows")
struct DemoFlowTests {
    @Test("01 order status: tool call and result, card, streamed reply, in order")
    func orderStatus() {
        var conversation = EngineConversation(Support.demo)
        let events = conversation.send("Where is my order A-1042?")
        #expect(
            events.toolCalls == [ToolCall(id: "call_lookup_order", name: "lookup_order", args: .object([JSONMember("order_id", "A-1042")]))]
        )
        #expect(events.toolResults.first?.content["status"] == "shipped")
        #expect(events.contains(.cardStart(id: "order-A-1042", executionText: "Looking up order A-1042...")))
        #expect(events.contains { if case .card(_, let payload) = $0 { payload["title"] == "Order A-1042" } else { false } })
        let reply = events.replies.first
        #expect(reply?.text.contains("Carrier: UPS, tracking number 1Z999AA10123456784") == true)
        #expect(reply?.suggestions == ["Track package", "Talk to a person"])
        #expect(events.kindNames.filter { $0 == "text_delta" }.count == 5)
        #expect(
            events.kindNames.filter { !["text_delta", "tool_call_start", "tool_call_args", "tool_call_end", "card"].contains($0) } == [
                "run_started", "tool_call", "tool_result", "card_start", "card_end", "text_start", "text_end", "reply", "run_finished",
                "turn_ended",
            ])
        #expect(events.contains(.runFinished(runID: "run-2", outcome: .success)))
    }

    @Test("02 suggestions: the greeting, taps, and tracking from memory without a second lookup")
    func suggestions() {
        var conversation = EngineConversation(Support.demo)
        #expect(conversation.greeting.events.replies.first?.suggestions == ["Track an order", "Return an item", "Talk to a person"])
        #expect(conversation.act(.tap(suggestion: "Track an order")).replies.first?.suggestions == ["A-1042", "A-1043"])
        #expect(conversation.act(.tap(suggestion: "A-1042")).toolCalls.map(\.name) == ["lookup_order"])
        let tracking = conversation.act(.tap(suggestion: "Track package"))
        #expect(tracking.toolCalls.isEmpty)
        #expect(tracking.contains { if case .card(_, let payload) = $0 { payload["title"] == "Package A-1042" } else { false } })
        #expect(tracking.replies.first?.attachments.first?["url"] == "https://track.example.com/1Z999AA10123456784")
        #expect(conversation.act(.tap(suggestion: "Something else")).replies.first?.text == "Sure, what else can I help with?")
    }

    @Test("03 contact form: the form, then goal_completed, the ticket and the thanks")
    func contactForm() {
        var conversation = EngineConversation(Support.demo)
        let form = conversation.send("Could someone contact me about a billing problem?")
        #expect(
            form.contains {
                if case .interactive(let message) = $0 { message.id == "contact_form" && message.goal.kind == .anyOf } else { false }
            })
        let values: [JSONMember] = [
            JSONMember("name_field", "Ada Lovelace"), JSONMember("email_field", "ada@example.com"), JSONMember("country_dropdown", "uk"),
            JSONMember("topic_radio", "billing"), JSONMember("updates_checkbox", ["updates"]),
        ]
        let events = conversation.act(.submit(formID: "contact_form", values: values, button: "submit_btn"))
        #expect(events.first == .goalCompleted(messageID: "contact_form"))
        #expect(events.toolCalls.first?.args["updates"] == ["updates"])
        #expect(events.toolCalls.first?.args["country"] == "uk")
        #expect(events.replies.first?.text.hasPrefix("Thanks, Ada Lovelace! I've opened ticket T-4821") == true)
    }

    @Test("04 product card: search, card, click by element and by card")
    func productCard() {
        var conversation = EngineConversation(Support.demo)
        let events = conversation.send("Can you recommend noise-cancelling headphones under $200?")
        #expect(events.toolCalls.first?.args["max_price"] == .number(200))
        #expect(conversation.act(.click(messageID: "", elementID: "details_btn")).first == .goalCompleted(messageID: "headphones_card"))
        #expect(
            conversation.act(.click(messageID: "headphones_card", elementID: "buy_btn")).replies.first?.text.contains("$159.00") == true)
    }

    @Test("05 scheduler: typing, the scheduler, a slot, then a booking with slot and phone")
    func scheduler() {
        var conversation = EngineConversation(Support.demo)
        let offer = conversation.send("Can someone call me back about my invoice?")
        #expect(offer.contains(.typing(who: .agent, isTyping: true)))
        let picked = conversation.act(.schedule(messageID: "callback_scheduler", slot: "tuesday 10:30"))
        #expect(picked.replies.first?.text == "Great, tuesday at 10:30 it is. Which number should we call you on?")
        let booking = conversation.send("Please call me on +44 20 7946 0018")
        #expect(
            booking.toolCalls.first?.args
                == .object([JSONMember("phone", "+44 20 7946 0018"), JSONMember("day", "tuesday"), JSONMember("time", "10:30")]))
    }

    @Test("06 handoff ladder: queued, joined, live replies, leaving, the survey and the end")
    func handoff() {
        var conversation = EngineConversation(Support.demo)
        let ladder = conversation.send("I want to talk to a person")
        #expect(ladder.handoffs.map(\.stage) == [.started, .accepted, .queued, .queued, .liveAgentJoined])
        #expect(ladder.handoffs.map(\.queuePosition) == [nil, nil, 3, 1, nil])
        #expect(ladder.replies.last?.from == .live)
        #expect(conversation.send("My refund for order A-1042 hasn't arrived").replies.first?.agentName == "Maya")
        #expect(conversation.send("It was due last Friday").replies.first?.text.contains("3-5 business days") == true)
        let goodbye = conversation.send("Thanks, that's all I needed")
        #expect(goodbye.handoffs.map(\.stage) == [.liveAgentLeft])
        #expect(goodbye.replies.map(\.from) == [.live, .agent])
        let values = [JSONMember("rating_radio", "5"), JSONMember("comment_field", "Maya sorted it out quickly")]
        #expect(
            conversation.act(.submit(formID: "survey_form", values: values, button: "survey_submit")).replies.first?.text
                == "Thanks for rating us 5 out of 5!")
        #expect(conversation.act(.end).contains(.sessionEnded(reason: "user_ended")))
    }

    @Test("07 failed handoffs: nobody on shift, then a queue that times out")
    func failedHandoffs() {
        var conversation = EngineConversation(Support.demo)
        let warranty = conversation.send("I need to talk to a person about my warranty claim")
        #expect(warranty.handoffs.map(\.stage) == [.started, .failed])
        #expect(warranty.replies.last?.callActions.first?["contact_number"] == "+15551234567")
        let returns = conversation.send("Can the returns team help instead?")
        #expect(returns.handoffs.map(\.stage) == [.started, .accepted, .queued, .timedOut])
        #expect(conversation.act(.tap(suggestion: "Email us")).replies.first?.text.contains("support@example.com") == true)
    }

    @Test("08 approval: frontend tool, respond_tool, interrupt, then approve or deny", arguments: [ResumeDecision.approve, .deny])
    func approval(decision: ResumeDecision) {
        var conversation = EngineConversation(Support.demo)
        let asked = conversation.send("I'd like a refund for order A-1042")
        #expect(asked.toolCalls.map(\.name) == ["lookup_order", "confirm_refund"])
        #expect(asked.toolCalls.last?.args["amount"] == .number(49))
        #expect(asked.toolResults.count == 1)
        let confirmed = conversation.act(
            .respondTool(callID: "call_confirm_refund", name: "confirm_refund", result: .object([JSONMember("confirmed", true)])))
        #expect(confirmed.contains { if case .interrupt(let id, _, _) = $0 { id == "refund_approval" } else { false } })
        #expect(confirmed.contains(.runFinished(runID: "run-3", outcome: .interrupt)))
        let answered = conversation.act(.resume(interruptID: "refund_approval", decision: decision, payload: nil))
        #expect(answered.toolResults.first?.content["status"] == (decision == .approve ? "approved" : "denied"))
    }

    @Test("10 returns: identify, tier qualifier, paging with a cycle, a return with a reason")
    func returns() {
        var conversation = EngineConversation(Support.demo)
        #expect(
            conversation.send("Hi, I'm Ada and my email is ada@example.com").replies.first?.text.hasPrefix("Welcome back, Ada!") == true)
        #expect(conversation.send("As a gold member, do I get a free return label?").replies.first?.text.contains("gold member") == true)
        #expect(conversation.send("Show my recent orders").replies.first?.text.contains("page 1 of 3") == true)
        #expect(conversation.act(.tap(suggestion: "Show more")).replies.first?.text.hasPrefix("Page 2 of 3") == true)
        #expect(conversation.act(.tap(suggestion: "Show more")).replies.first?.text.contains("That's all") == true)
        let started = conversation.send("Please start a return for order A-1042, reason: too small")
        #expect(
            started.toolCalls.first?.args
                == .object([JSONMember("order_id", "A-1042"), JSONMember("customer_id", "C-1001"), JSONMember("reason", "too small")]))
        var grace = EngineConversation(Support.demo)
        grace.send("Hi, I'm Grace and my email is grace@example.com")
        #expect(grace.send("How much does return shipping cost?").replies.first?.text.contains("$5.95") == true)
    }

    @Test("11 health check: the chunks as written, three times")
    func healthCheck() {
        var conversation = EngineConversation(Support.demo)
        for _ in 1...3 {
            let events = conversation.send("What are your opening hours?")
            let deltas = events.compactMap { if case .textDelta(_, let delta) = $0 { delta } else { nil } }
            #expect(deltas == ["We're open Monday to Friday", ", 9am to 6pm UK time,", " and this chat is available 24/7."])
            #expect(
                events.suffix(2) == [
                    .runFinished(
                        runID: events.compactMap { if case .runStarted(let id, _) = $0 { id } else { nil } }.first, outcome: .success),
                    .turnEnded,
                ])
        }
    }
}
