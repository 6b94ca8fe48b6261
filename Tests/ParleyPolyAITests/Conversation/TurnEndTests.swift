import ParleyModel
import ParleyPolyAI
import Testing

/// `turn_ended`: once a complete reply or the end arrived since the user last acted, nothing is
/// streaming, thinking or typing, and the quiet period passed since the last reported event.
struct TurnEndTests {
    typealias F = PolyFixtures

    @Test func theGreetingTurnEndsAfterTheQuietPeriod() {
        var driver = ConversationDriver()
        driver.receive(F.batch([F.sessionStart()]), at: 0)
        driver.receive(F.event("POLY_AGENT_JOINED", seq: 2, #"{"agent_name":"Ada"}"#), at: 0.2)
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 0.3)
        driver.receive(F.agentMessage("Welcome!", seq: 3), at: 1)
        #expect(driver.conversation.nextDeadline == .milliseconds(1500))
        driver.tick(at: 1.499)
        #expect(!driver.events.contains(.turnEnded))
        driver.tick(at: 1.5)
        #expect(driver.events.last == .turnEnded)
        #expect(driver.events.filter { $0 == .turnEnded }.count == 1)
        #expect(driver.conversation.nextDeadline == nil)
    }

    @Test func aTurnEndsOnlyOnceUntilTheUserActsAgain() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.run(until: 1)
        driver.receive(F.agentMessage("Anything else?", seq: 2), at: 2)
        driver.run(until: 5)
        #expect(driver.events.filter { $0 == .turnEnded }.count == 1)
        driver.send("yes", at: 6)
        driver.receive(DeliveryTests.echo("yes", localID: "d1", seq: 3), at: 6.1)
        driver.receive(F.agentMessage("Sure.", seq: 4), at: 7)
        driver.run(until: 10)
        #expect(driver.events.filter { $0 == .turnEnded }.count == 2)
        #expect(driver.events.suffix(2) == [.reply(Reply(messageID: "m4", text: "Sure.")), .turnEnded])
    }

    @Test func theEchoAloneDoesNotEndTheUsersTurn() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.run(until: 1)
        driver.clear()
        driver.send("hi", at: 2)
        driver.receive(DeliveryTests.echo("hi", localID: "d1", seq: 2), at: 2.1)
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 2.2)
        driver.run(until: 12.2)
        #expect(
            driver.events == [
                .delivery(draftID: "d1", state: .pending), .delivery(draftID: "d1", state: .sent), .typing(who: .agent, isTyping: true),
                .typing(who: .agent, isTyping: false),
            ])
    }

    @Test func everyReportedEventRestartsTheQuietPeriod() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.receive(F.event("POLY_AGENT_JOINED", seq: 2), at: 0.4)
        #expect(driver.conversation.nextDeadline == .milliseconds(900))
        driver.tick(at: 0.5)
        #expect(!driver.events.contains(.turnEnded))
        driver.tick(at: 0.9)
        #expect(driver.events.last == .turnEnded)
    }

    @Test func aHeartbeatDoesNotRestartTheQuietPeriod() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.receive(#"{"type":"EVENT_TYPE_HEARTBEAT"}"#, at: 0.4)
        #expect(driver.conversation.nextDeadline == .milliseconds(500))
    }

    @Test func notWhileTheAgentIsThinking() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("One moment", seq: 1), at: 0)
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 0.1)
        driver.tick(at: 5)
        #expect(!driver.events.contains(.turnEnded))
        // Thinking dismisses itself at 10.1 s; the turn ends a quiet period later.
        #expect(driver.conversation.nextDeadline == .milliseconds(10_100))
        driver.run(until: 10.5)
        #expect(!driver.events.contains(.turnEnded))
        driver.run(until: 10.6)
        #expect(driver.events.suffix(2) == [.typing(who: .agent, isTyping: false), .turnEnded])
    }

    @Test func notWhileTheLiveAgentIsTyping() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_MESSAGE", seq: 1, #"{"message_id":"l1","text":"Let me check"}"#), at: 0)
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STARTED"}"#), at: 0.2)
        driver.tick(at: 3)
        #expect(!driver.events.contains(.turnEnded))
        driver.receive(F.event("LIVE_AGENT_TYPING", #"{"state":"TYPING_STATE_STOPPED"}"#), at: 4)
        driver.run(until: 4.5)
        #expect(driver.events.last == .turnEnded)
    }

    @Test func notWhileAStreamIsOpen() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Here goes", seq: 1), at: 0)
        driver.receive(F.chunk("partial", index: 1, seq: 2), at: 0.1)
        driver.run(until: 30)
        #expect(!driver.events.contains(.turnEnded))
        #expect(driver.conversation.nextDeadline == nil)
        driver.receive(F.chunk("done", index: 2, complete: true, seq: 3), at: 31)
        driver.run(until: 31.5)
        #expect(driver.events.suffix(3) == [.textEnd(messageID: "mc"), .reply(Reply(messageID: "mc", text: "partial done")), .turnEnded])
    }

    @Test func aDroppedEmptyStreamIsNoAnswer() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("", index: 1, complete: true, seq: 1), at: 0)
        driver.run(until: 5)
        #expect(!driver.events.contains(.turnEnded))
    }

    @Test func theEndEndsTheTurnAtOnce() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.receive(F.event("SESSION_END", seq: 2, #"{"reason":"agent_ended"}"#), at: 0.1)
        #expect(driver.events == [.reply(Reply(messageID: "m1", text: "Welcome!")), .sessionEnded(reason: "agent_ended"), .turnEnded])
        driver.run(until: 5)
        #expect(driver.events.count == 3)
    }

    @Test func anEndAfterTheTurnEndedStillEndsTheUsersNewTurn() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.run(until: 1)
        driver.clear()
        driver.end(at: 2)
        #expect(driver.events == [.sessionEnded(reason: "user_ended"), .turnEnded])
        #expect(driver.conversation.hasEnded)
        // The server's SESSION_END that follows is not reported, and a second end only sends the frame.
        driver.clear()
        driver.receive(F.event("SESSION_END", seq: 2, #"{"reason":"REASON_USER_END"}"#), at: 2.1)
        #expect(driver.end(at: 3) == PolyReaction(frames: [Sent.end]))
        #expect(driver.events == [])
    }

    @Test func aServerEndAfterTheTurnEndedReportsNoSecondTurnEnd() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        driver.run(until: 1)
        driver.clear()
        driver.receive(F.event("SESSION_END", seq: 2), at: 60)
        #expect(driver.events == [.sessionEnded(reason: nil)])
    }

    @Test func aCleanCloseEndsAnOpenTurnWithoutInventingASessionEnd() {
        var driver = ConversationDriver()
        driver.send("hello?", at: 0)
        driver.receive(DeliveryTests.echo("hello?", localID: "d1", seq: 1), at: 0.1)
        driver.clear()
        driver.closedCleanly(at: 1)
        #expect(driver.events == [.turnEnded])
        #expect(driver.conversation.hasEnded)
        #expect(driver.closedCleanly(at: 2) == PolyReaction())
    }

    @Test func withNoQuietPeriodTheTurnEndsWithTheReply() {
        var driver = ConversationDriver(quiet: .zero)
        let reaction = driver.receive(F.agentMessage("Welcome!", seq: 1), at: 0)
        #expect(reaction.events == [.reply(Reply(messageID: "m1", text: "Welcome!")), .turnEnded])
    }

    @Test func aLiveAgentsEmptyMessageCountsAsTheAnswer() {
        var driver = ConversationDriver()
        driver.receive(F.event("LIVE_AGENT_MESSAGE", seq: 1, #"{"message_id":"l1","text":""}"#), at: 0)
        driver.run(until: 1)
        #expect(driver.events.last == .turnEnded)
    }
}
