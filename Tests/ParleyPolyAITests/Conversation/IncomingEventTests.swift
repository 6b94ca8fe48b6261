import ParleyModel
import ParleyPolyAI
import Testing

/// Each server event type and what Parley reports for it (section 6).
struct IncomingEventTests {
    typealias F = PolyFixtures

    @Test func sessionStartAppliesCapabilitiesReportsThePayloadAndAsksTheAgentToJoin() {
        var driver = ConversationDriver()
        let reaction = driver.receive(F.batch([F.sessionStart()]))
        let payload = F.json(
            #"{"capabilities":{"streaming":true,"max_message_size_bytes":65536,"heartbeat_interval_seconds":30,"max_reconnect_attempts":10}}"#)
        #expect(reaction == PolyReaction(events: [.custom(name: "session_start", value: payload)], frames: [Sent.join]))
        #expect(
            driver.conversation.capabilities
                == PolyCapabilities(streaming: true, maxMessageBytes: 65536, heartbeatSeconds: 30, maxReconnectAttempts: 10))
        #expect(driver.conversation.cursor == 1)
    }

    @Test func theDefaultCapabilitiesHoldBeforeSessionStart() {
        let driver = ConversationDriver()
        #expect(driver.conversation.capabilities == PolyCapabilities(streaming: false, maxMessageBytes: 1_048_576))
        #expect(driver.conversation.cursor == 0)
        #expect(!driver.conversation.hasEnded)
    }

    @Test func theSDKAgentMessageFixtureIsAReply() {
        var driver = ConversationDriver()
        driver.receive(
            F.event(
                "POLY_AGENT_MESSAGE", seq: 2,
                #"{"message_id":"msg_abc","text":"Hello there!","agent_name":"Poly","attachments":[{"content_type":"ATTACHMENT_CONTENT_TYPE_IMAGE","content_url":"https://x.test/s.png","title":"Screenshot"}],"response_suggestions":[{"message_text":"Yes","payload":"yes_intent"}]}"#
            ))
        #expect(
            driver.events == [
                .reply(
                    Reply(
                        messageID: "msg_abc", text: "Hello there!", from: .agent, agentName: "Poly", suggestions: ["Yes"],
                        attachments: [F.object(("content_type", "image"), ("url", "https://x.test/s.png"), ("title", "Screenshot"))]))
            ])
    }

    @Test func aCallActionsOnlyMessageIsReportedAndAnEmptyOneIsNot() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_MESSAGE", seq: 1, #"{"message_id":"m1","text":""}"#))
        #expect(driver.events == [])
        driver.receive(
            F.event("POLY_AGENT_MESSAGE", seq: 2, #"{"message_id":"m2","chat_call_actions":[{"title":"Call support","contact_number":"+15551234567"}]}"#))
        #expect(
            driver.events == [
                .reply(Reply(messageID: "m2", text: "", callActions: [F.object(("title", "Call support"), ("contact_number", "+15551234567"))]))
            ])
    }

    @Test func endConversationEndsTheSessionAfterTheReply() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Bye!", seq: 1, extra: #","end_conversation":true"#))
        #expect(driver.events == [.reply(Reply(messageID: "m1", text: "Bye!")), .sessionEnded(reason: "agent_ended"), .turnEnded])
        #expect(driver.conversation.hasEnded)
        // The server's own SESSION_END afterwards is not reported again.
        driver.clear()
        driver.receive(F.event("SESSION_END", seq: 2, #"{"reason":"agent_ended"}"#))
        #expect(driver.events == [])
    }

    @Test func sessionEndReportsItsReasonAndEndsTheTurn() {
        var driver = ConversationDriver()
        driver.receive(F.event("SESSION_END", seq: 9, #"{"reason":"REASON_USER_END"}"#))
        #expect(driver.events == [.sessionEnded(reason: "REASON_USER_END"), .turnEnded])
        #expect(driver.conversation.hasEnded)
        var bare = ConversationDriver()
        bare.receive(F.event("SESSION_END", seq: 9))
        #expect(bare.events == [.sessionEnded(reason: nil), .turnEnded])
    }

    @Test func thinkingIsAgentTypingThatTheNextMessageStops() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_THINKING"))
        driver.receive(F.agentMessage("Hi", seq: 1))
        #expect(driver.events == [.typing(who: .agent, isTyping: true), .typing(who: .agent, isTyping: false), .reply(Reply(messageID: "m1", text: "Hi"))])
        // Without thinking, a message reports no typing.
        driver.clear()
        driver.receive(F.agentMessage("Again", seq: 2))
        #expect(driver.events == [.reply(Reply(messageID: "m2", text: "Again"))])
    }

    @Test func thinkingDismissesItselfAfterTenSeconds() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 1)
        #expect(driver.conversation.nextDeadline == .seconds(11))
        driver.tick(at: 10.9)
        #expect(driver.events == [.typing(who: .agent, isTyping: true)])
        driver.tick(at: 11)
        #expect(driver.events == [.typing(who: .agent, isTyping: true), .typing(who: .agent, isTyping: false)])
        #expect(driver.conversation.nextDeadline == nil)
    }

    @Test func anotherThinkingRestartsTheTenSeconds() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 1)
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 6)
        #expect(driver.conversation.nextDeadline == .seconds(16))
    }

    @Test func theAgentJoiningIsACustomEventWithEitherAvatarField() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_JOINED", seq: 1, #"{"agent_name":"Ada","agent_avatar_url":"https://x.test/a.png"}"#))
        driver.receive(F.event("POLY_AGENT_JOINED", seq: 2, #"{"agent_name":"Ada","avatar_url":"https://x.test/legacy.png"}"#))
        #expect(
            driver.events == [
                .custom(name: "poly_agent_joined", value: F.json(#"{"agent_name":"Ada","agent_avatar_url":"https://x.test/a.png"}"#)),
                .custom(name: "poly_agent_joined", value: F.json(#"{"agent_name":"Ada","avatar_url":"https://x.test/legacy.png"}"#)),
            ])
    }

    @Test func lifecycleEventsWithoutAParleyEventAreCustom() {
        let types = [
            "POLY_AGENT_LEFT", "SESSION_IDLE_WARNING", "USER_RECEIVED_MESSAGE", "USER_READ_MESSAGE", "POLY_AGENT_RECEIVED_MESSAGE",
            "POLY_AGENT_READ_MESSAGE", "LIVE_AGENT_RECEIVED_MESSAGE", "LIVE_AGENT_READ_MESSAGE", "SHOW_CSAT_REQUEST", "CSAT_RESPONSE",
        ]
        var driver = ConversationDriver()
        for (index, type) in types.enumerated() {
            driver.receive(F.event(type, seq: index + 1, #"{"reason":"r"}"#))
        }
        #expect(driver.events == types.map { .custom(name: $0.lowercased(), value: F.json(#"{"reason":"r"}"#)) })
    }

    @Test func theAgentLeavingStopsItsThinking() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_THINKING"))
        driver.receive(F.event("POLY_AGENT_LEFT", seq: 1))
        #expect(
            driver.events == [
                .typing(who: .agent, isTyping: true), .typing(who: .agent, isTyping: false), .custom(name: "poly_agent_left", value: .object([])),
            ])
    }

    @Test func liveAgentTypingWithoutSequenceAndAMissingStateMeaningStarted() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STARTED","agent_id":"agent-42"}"#))
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STOPPED","agent_id":"agent-42"}"#))
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"agent_id":"agent-42"}"#))
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_PAUSED"}"#))
        #expect(
            driver.events == [
                .typing(who: .live, isTyping: true), .typing(who: .live, isTyping: false), .typing(who: .live, isTyping: true),
                .typing(who: .live, isTyping: true),
            ])
        // Transient events with the same id are never deduplicated.
        #expect(driver.dropped == [])
        #expect(driver.conversation.cursor == 0)
    }

    @Test func liveAgentJoinedReadsTheFlatOrTheNestedName() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_JOINED", seq: 1, #"{"agent":{"name":"Sarah","avatar_url":"https://x.test/s.png"}}"#))
        driver.receive(F.event("LIVE_AGENT_JOINED", seq: 2, #"{"agent_id":"a1","agent_name":"Sam","avatar_url":"https://x.test/sam.png"}"#))
        driver.receive(F.event("LIVE_AGENT_JOINED", seq: 3, #"{"agent_name":"Flat","agent":{"name":"Nested"}}"#))
        driver.receive(F.event("LIVE_AGENT_JOINED", seq: 4))
        #expect(
            driver.events == [
                .handoff(Handoff(stage: .liveAgentJoined, agentName: "Sarah")), .handoff(Handoff(stage: .liveAgentJoined, agentName: "Sam")),
                .handoff(Handoff(stage: .liveAgentJoined, agentName: "Flat")), .handoff(Handoff(stage: .liveAgentJoined)),
            ])
    }

    @Test func aLiveAgentMessageIsAlwaysReportedAndStopsItsTyping() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STARTED"}"#))
        driver.receive(F.event("LIVE_AGENT_MESSAGE", seq: 1, #"{"message_id":"l1","text":"Hi, I'm Sam","agent_name":"Sam"}"#))
        driver.receive(F.event("LIVE_AGENT_MESSAGE", seq: 2, #"{"message_id":"l2","text":""}"#))
        #expect(
            driver.events == [
                .typing(who: .live, isTyping: true), .typing(who: .live, isTyping: false),
                .reply(Reply(messageID: "l1", text: "Hi, I'm Sam", from: .live, agentName: "Sam")),
                .reply(Reply(messageID: "l2", text: "", from: .live)),
            ])
    }

    @Test func liveTypingDismissesItselfAfterTenSeconds() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STARTED"}"#), at: 2)
        #expect(driver.conversation.nextDeadline == .seconds(12))
        driver.run(until: 12)
        #expect(driver.events == [.typing(who: .live, isTyping: true), .typing(who: .live, isTyping: false)])
    }

    @Test func systemMessagesCarryTheirLevel() {
        var driver = ConversationDriver()
        driver.receive(F.event("SYSTEM_MESSAGE", seq: 1, #"{"message":"Something went wrong","level":"SYSTEM_MESSAGE_LEVEL_ERROR"}"#))
        driver.receive(F.event("SYSTEM_MESSAGE", seq: 2, #"{"message":"Careful","level":"SYSTEM_MESSAGE_LEVEL_WARNING"}"#))
        driver.receive(F.event("SYSTEM_MESSAGE", seq: 3, #"{"message":"FYI","level":"SYSTEM_MESSAGE_LEVEL_INFO"}"#))
        driver.receive(F.event("SYSTEM_MESSAGE", seq: 4, #"{"message":"Odd","level":"SYSTEM_MESSAGE_LEVEL_PANIC"}"#))
        driver.receive(F.event("SYSTEM_MESSAGE", seq: 5))
        #expect(
            driver.events == [
                .system(text: "Something went wrong", level: .error), .system(text: "Careful", level: .warning), .system(text: "FYI", level: .info),
                .system(text: "Odd", level: .info), .system(text: "", level: .info),
            ])
        #expect(driver.frames == [])
    }

    @Test func aLostConversationErrorAsksTheAgentToJoinAgain() {
        let texts = ["Conversation not found", "Error: CONVERSATION ID NOT FOUND for x", "Unable to start a conversation right now"]
        for text in texts {
            var driver = ConversationDriver()
            driver.receive(F.batch([F.sessionStart(), F.event("POLY_AGENT_JOINED", seq: 2)]))
            #expect(driver.frames == [])
            driver.receive(F.event("SYSTEM_MESSAGE", seq: 3, #"{"message":"\#(text)","level":"SYSTEM_MESSAGE_LEVEL_ERROR"}"#))
            #expect(driver.frames == [Sent.join], "\(text)")
        }
        // Only at error level.
        var warning = ConversationDriver()
        warning.receive(F.event("SYSTEM_MESSAGE", seq: 3, #"{"message":"conversation not found","level":"SYSTEM_MESSAGE_LEVEL_WARNING"}"#))
        #expect(warning.frames == [])
    }

    @Test func anUnknownTypeIsKeptRawAsItCame() {
        var driver = ConversationDriver()
        let text = F.event("FUTURE_THING", seq: 1, #"{"x":[1,2]}"#)
        driver.receive(text)
        #expect(driver.events == [.raw(F.json(text))])
        // Inside a batch, the nested event as it came.
        var batched = ConversationDriver()
        batched.receive(F.batch([text]))
        #expect(batched.events == [.raw(F.json(text))])
    }

    @Test func echoesOfTheClientsOwnFramesAndHeartbeatsReportNothing() {
        var driver = ConversationDriver()
        driver.receive(F.event("USER_TYPING", #"{"state":"TYPING_STATE_STARTED"}"#))
        driver.receive(F.event("REQUEST_POLY_AGENT_JOIN", seq: 1))
        driver.receive(F.event("USER_END_SESSION", seq: 2))
        driver.receive(#"{"type":"EVENT_TYPE_HEARTBEAT"}"#)
        driver.receive(#"{"type":"EVENT_TYPE_HEARTBEAT","sequence":7}"#)
        #expect(driver.events == [])
        #expect(driver.frames == [])
        #expect(driver.conversation.cursor == 7)
        #expect(!driver.conversation.hasEnded)
    }

    @Test func aFrameThatIsNotJSONFailsTheFlow() {
        var driver = ConversationDriver()
        let reaction = driver.receive("{not json")
        #expect(reaction == PolyReaction(failure: "PolyAI sent a text frame that is not JSON: {not json"))
    }

    @Test func droppedEventsAreReportedAsReasonsNotFailures() {
        var driver = ConversationDriver()
        let reaction = driver.receive(#"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","payload":{"text":"x"}}"#)
        #expect(reaction == PolyReaction(dropped: [#"EVENT_TYPE_POLY_AGENT_MESSAGE without an "id" was dropped"#]))
    }
}
