import ParleyModel
import ParleyPolyAI
import Testing

/// The handoff events (section 6.5) and the SDK's full ladder fixture (section 13).
struct HandoffTests {
    typealias F = PolyFixtures

    @Test func theFullLadderFromTriggerToLiveAgentLeaving() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 0)
        driver.receive(F.event("POLY_AGENT_TRIGGERED_HANDOFF", seq: 1), at: 1)
        driver.receive(F.event("HANDOFF_ACCEPTED", seq: 2, #"{"queue_name":"support"}"#), at: 2)
        driver.receive(
            F.event(
                "HANDOFF_QUEUE_STATUS", seq: 3,
                #"{"position_in_queue":2,"estimated_wait_seconds":90,"queue_name":"support","display_message":"You are #2 in line"}"#), at: 3)
        driver.receive(F.event("LIVE_AGENT_JOINED", seq: 4, #"{"agent_id":"a1","agent_name":"Sam"}"#), at: 4)
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STARTED","agent_id":"a1"}"#), at: 5)
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STOPPED","agent_id":"a1"}"#), at: 6)
        driver.receive(F.event("LIVE_AGENT_MESSAGE", seq: 5, #"{"message_id":"l1","text":"Hi, I'm Sam","agent_id":"a1","agent_name":"Sam"}"#), at: 7)
        driver.receive(F.event("LIVE_AGENT_LEFT", seq: 6, #"{"agent_id":"a1","agent_name":"Sam","reason":"resolved"}"#), at: 8)
        driver.receive(F.event("SESSION_END", seq: 7, #"{"reason":"resolved"}"#), at: 9)
        #expect(
            driver.events == [
                .typing(who: .agent, isTyping: true), .typing(who: .agent, isTyping: false), .handoff(Handoff(stage: .started)),
                .handoff(Handoff(stage: .accepted, queue: "support")),
                .handoff(Handoff(stage: .queued, queuePosition: 2, wait: .seconds(90), queue: "support")),
                .handoff(Handoff(stage: .liveAgentJoined, agentName: "Sam")), .typing(who: .live, isTyping: true),
                .typing(who: .live, isTyping: false), .reply(Reply(messageID: "l1", text: "Hi, I'm Sam", from: .live, agentName: "Sam")),
                .handoff(Handoff(stage: .liveAgentLeft, agentName: "Sam", reason: "resolved")), .sessionEnded(reason: "resolved"), .turnEnded,
            ])
        #expect(driver.conversation.hasEnded)
    }

    @Test func theLiveAgentLeavingDoesNotEndTheConversation() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_LEFT", seq: 1, #"{"reason":"resolved"}"#))
        #expect(driver.events == [.handoff(Handoff(stage: .liveAgentLeft, reason: "resolved"))])
        #expect(!driver.conversation.hasEnded)
        #expect(driver.send("still there?").failure == nil)
    }

    @Test func theQueuePositionFallsBackToTheLegacyField() {
        var driver = ConversationDriver()
        driver.receive(F.event("HANDOFF_QUEUE_STATUS", seq: 1, #"{"position":4}"#))
        driver.receive(F.event("HANDOFF_QUEUE_STATUS", seq: 2, #"{"position_in_queue":1,"position":4}"#))
        driver.receive(F.event("HANDOFF_QUEUE_STATUS", seq: 3))
        #expect(
            driver.events == [
                .handoff(Handoff(stage: .queued, queuePosition: 4)), .handoff(Handoff(stage: .queued, queuePosition: 1)),
                .handoff(Handoff(stage: .queued)),
            ])
    }

    @Test func failureAndTimeoutAreRecoverable() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_TRIGGERED_HANDOFF", seq: 1))
        driver.receive(F.event("HANDOFF_FAILED", seq: 2, #"{"reason":"no_agents"}"#))
        driver.receive(F.event("HANDOFF_TIMEOUT", seq: 3, #"{"reason":"queue_timeout"}"#))
        driver.receive(F.event("HANDOFF_TIMEOUT", seq: 4))
        #expect(
            driver.events == [
                .handoff(Handoff(stage: .started)), .handoff(Handoff(stage: .failed, reason: "no_agents")),
                .handoff(Handoff(stage: .timedOut, reason: "queue_timeout")), .handoff(Handoff(stage: .timedOut)),
            ])
        #expect(!driver.conversation.hasEnded)
        driver.clear()
        driver.send("ok, bot then")
        #expect(driver.frames == [Sent.message("ok, bot then", "d1")])
    }

    @Test func aClientHandoffReadsTheRouteOrTheDocumentedReasonAndQueue() {
        var driver = ConversationDriver()
        driver.receive(F.event("CLIENT_HANDOFF_REQUIRED", seq: 1, #"{"route":"https://help.x.test/chat","reason":"POLICY","queue_name":"billing"}"#))
        driver.receive(F.event("CLIENT_HANDOFF_REQUIRED", seq: 2, #"{"reason":"COMPLEX_QUERY","queue_name":"support"}"#))
        driver.receive(F.event("CLIENT_HANDOFF_REQUIRED", seq: 3))
        #expect(
            driver.events == [
                .handoff(
                    Handoff(
                        stage: .clientHandoffRequired, queue: "billing", reason: "https://help.x.test/chat", route: "https://help.x.test/chat")),
                .handoff(Handoff(stage: .clientHandoffRequired, queue: "support", reason: "COMPLEX_QUERY")),
                .handoff(Handoff(stage: .clientHandoffRequired)),
            ])
    }
}
