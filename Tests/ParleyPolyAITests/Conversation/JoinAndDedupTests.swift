import ParleyModel
import ParleyPolyAI
import Testing

/// The join decision (6.1), dedup and the cursor (7), and what a new session resets.
struct JoinAndDedupTests {
    typealias F = PolyFixtures

    @Test func sessionStartSendsExactlyOneJoin() {
        var driver = ConversationDriver()
        driver.receive(F.batch([F.sessionStart()]))
        driver.receive(F.event("REQUEST_POLY_AGENT_JOIN", seq: 2))
        driver.receive(F.event("POLY_AGENT_JOINED", seq: 3, #"{"agent_name":"Ada"}"#))
        // A second SESSION_START (say, after a reconnect that replays it) asks for nothing more.
        driver.receive(F.sessionStart(seq: 4))
        #expect(driver.frames == [Sent.join])
    }

    @Test func replayedHistoryWithAJoinedAgentSendsNoJoin() {
        var driver = ConversationDriver()
        // Out of order on purpose: SESSION_START sorts first, the pre-scan still sees the join.
        driver.receive(F.batch([F.event("POLY_AGENT_JOINED", seq: 3, #"{"agent_name":"Ada"}"#), F.agentMessage("Welcome", seq: 4), F.sessionStart()]))
        #expect(driver.frames == [])
        #expect(driver.events.first == .custom(name: "session_start", value: F.json(#"{"capabilities":{"streaming":true,"max_message_size_bytes":65536,"heartbeat_interval_seconds":30,"max_reconnect_attempts":10}}"#)))
        #expect(driver.events.contains(.reply(Reply(messageID: "m4", text: "Welcome"))))
        #expect(driver.conversation.cursor == 4)
    }

    @Test func anAgentSeenJoiningEarlierPreventsTheJoin() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_JOINED", seq: 3))
        driver.receive(F.sessionStart(seq: 4))
        #expect(driver.frames == [])
    }

    @Test func aDuplicateIdWithASequenceIsDroppedAndTransientOnesNeverAre() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Once", seq: 1, messageID: "m"))
        driver.receive(F.agentMessage("Once", seq: 1, messageID: "m"))
        driver.receive(F.event("POLY_AGENT_MESSAGE", seq: 2, id: "evt_1", #"{"message_id":"m9","text":"same id, new sequence"}"#))
        driver.receive(F.event("POLY_AGENT_MESSAGE", id: "evt_1", #"{"message_id":"m10","text":"same id, transient"}"#))
        #expect(
            driver.events == [.reply(Reply(messageID: "m", text: "Once")), .reply(Reply(messageID: "m10", text: "same id, transient"))])
        #expect(
            driver.dropped == [
                "EVENT_TYPE_POLY_AGENT_MESSAGE evt_1 was a duplicate and was dropped", "EVENT_TYPE_POLY_AGENT_MESSAGE evt_1 was a duplicate and was dropped",
            ])
    }

    @Test func anEmptyIdIsNeverDeduplicated() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_MESSAGE", seq: 1, id: "", #"{"message_id":"a","text":"one"}"#))
        driver.receive(F.event("POLY_AGENT_MESSAGE", seq: 2, id: "", #"{"message_id":"b","text":"two"}"#))
        #expect(driver.events == [.reply(Reply(messageID: "a", text: "one")), .reply(Reply(messageID: "b", text: "two"))])
    }

    @Test func duplicatesInsideABatchAreDroppedToo() {
        var driver = ConversationDriver()
        driver.receive(F.agentMessage("Hi", seq: 2))
        driver.receive(F.batch([F.sessionStart(), F.agentMessage("Hi", seq: 2), F.agentMessage("Next", seq: 3)]))
        #expect(driver.events.filter { if case .reply = $0 { true } else { false } }.count == 2)
    }

    @Test func theCursorIsTheHighestSequenceSeenAnywhere() {
        var driver = ConversationDriver()
        driver.receive(F.batch([F.sessionStart(seq: 1), F.agentMessage("a", seq: 12), F.agentMessage("b", seq: 5)]))
        #expect(driver.conversation.cursor == 12)
        driver.receive(F.agentMessage("late", seq: 8))
        #expect(driver.conversation.cursor == 12)
        driver.receive(#"{"type":"EVENT_TYPE_HEARTBEAT","sequence":13}"#)
        #expect(driver.conversation.cursor == 13)
        driver.receive(F.agentMessage("b", seq: 5))
        #expect(driver.conversation.cursor == 13)
    }

    @Test func aNewSessionResetsDedupJoinAndCursorAndFailsWhatAwaitsAnEcho() {
        var driver = ConversationDriver()
        driver.receive(F.batch([F.sessionStart(), F.event("POLY_AGENT_JOINED", seq: 2)]))
        driver.receive(F.chunk("half", index: 1, seq: 3), at: 1)
        driver.send("are you there?", at: 2)
        driver.receive(F.event("POLY_AGENT_THINKING"), at: 2)
        driver.clear()
        let reaction = driver.conversation.startNewSession(at: ConversationDriver.at(3))
        #expect(
            reaction.events == [
                .textEnd(messageID: "mc"), .delivery(draftID: "d1", state: .failed), .typing(who: .agent, isTyping: false),
            ])
        #expect(reaction.frames == [])
        #expect(driver.conversation.cursor == 0)
        #expect(driver.conversation.nextDeadline == nil)
        // The new session's history reuses ids and asks for a join again.
        driver.receive(F.batch([F.sessionStart()]), at: 4)
        #expect(driver.frames == [Sent.join])
        #expect(driver.events.count == 1)
        #expect(driver.conversation.cursor == 1)
    }
}
