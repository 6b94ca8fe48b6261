import ParleyModel
import ParleyPolyAI
import Testing

/// Sending user messages: the size guard, echo correlation and the retry ladder (section 9).
struct DeliveryTests {
    typealias F = PolyFixtures

    static func echo(_ text: String, localID: String?, seq: Int, messageID: String = "u") -> String {
        F.event(
            "USER_MESSAGE", seq: seq, #"{"message_id":"\#(messageID)\#(seq)","text":"\#(text)"}"#,
            metadata: localID.map { #"{"custom":{"local_id":"\#($0)"}}"# })
    }

    @Test func aSendIsPendingAndGoesOutTrimmedWithItsLocalID() {
        var driver = ConversationDriver()
        let reaction = driver.send("  Hello \n")
        #expect(reaction == PolyReaction(events: [.delivery(draftID: "d1", state: .pending)], frames: [Sent.message("Hello", "d1")]))
    }

    @Test func anEmptyMessageSendsNothing() {
        var driver = ConversationDriver()
        #expect(driver.send(" \n\t ") == PolyReaction())
        #expect(driver.conversation.nextDeadline == nil)
    }

    @Test func aMessageOverTheSessionsLimitFailsWithoutAFrame() {
        var driver = ConversationDriver()
        driver.receive(F.batch([F.sessionStart(), F.event("POLY_AGENT_JOINED", seq: 2)]))
        driver.clear()
        let exactly = String(repeating: "é", count: 32768)  // 65536 bytes
        driver.send(exactly)
        #expect(driver.frames == [Sent.message(exactly, "d1")])
        driver.clear()
        let reaction = driver.send(exactly + "x")
        #expect(reaction.events == [.delivery(draftID: "d2", state: .failed)])
        #expect(reaction.frames == [])
        #expect(reaction.dropped == ["a message of 65537 bytes was not sent: the session allows 65536"])
    }

    @Test func sendingAfterTheEndIsAFailureNotSilence() {
        var driver = ConversationDriver()
        driver.receive(F.event("SESSION_END", seq: 1))
        let reaction = driver.send("hello?")
        #expect(reaction == PolyReaction(failure: "cannot send \"hello?\": the session has ended"))
    }

    @Test func theEchoCarryingTheLocalIDConfirmsTheMessage() {
        var driver = ConversationDriver()
        driver.send("first", at: 0)
        driver.send("second", at: 0.1)
        driver.clear()
        driver.receive(Self.echo("second", localID: "d2", seq: 5), at: 0.5)
        #expect(driver.events == [.delivery(draftID: "d2", state: .sent)])
        driver.receive(Self.echo("first", localID: "d1", seq: 6), at: 0.6)
        #expect(driver.events == [.delivery(draftID: "d2", state: .sent), .delivery(draftID: "d1", state: .sent)])
        #expect(driver.conversation.nextDeadline == nil)
    }

    @Test func identicalTextsWithoutLocalIDsAreConfirmedOldestFirst() {
        var driver = ConversationDriver()
        for index in 0..<3 { driver.send("same", at: Double(index) * 0.1) }
        driver.send("other", at: 0.4)
        driver.clear()
        driver.receive(Self.echo("same", localID: nil, seq: 1), at: 1)
        driver.receive(Self.echo("other", localID: nil, seq: 2), at: 1)
        driver.receive(Self.echo("same", localID: nil, seq: 3), at: 1)
        driver.receive(Self.echo("same", localID: nil, seq: 4), at: 1)
        #expect(
            driver.events == [
                .delivery(draftID: "d1", state: .sent), .delivery(draftID: "d4", state: .sent), .delivery(draftID: "d2", state: .sent),
                .delivery(draftID: "d3", state: .sent),
            ])
    }

    @Test func anEchoThatMatchesNothingIsAnotherTabsMessage() {
        var driver = ConversationDriver()
        driver.receive(Self.echo("Hello", localID: nil, seq: 3, messageID: "m"))
        driver.receive(Self.echo("From the other tab", localID: "someone-else", seq: 4, messageID: "m"))
        #expect(
            driver.events == [
                .custom(name: "user_message", value: F.json(#"{"message_id":"m3","text":"Hello"}"#)),
                .custom(name: "user_message", value: F.json(#"{"message_id":"m4","text":"From the other tab"}"#)),
            ])
    }

    @Test func aLocalIDThatMatchesNoDraftDoesNotFallBackToText() {
        var driver = ConversationDriver()
        driver.send("Hello")
        driver.clear()
        driver.receive(Self.echo("Hello", localID: "another-tab", seq: 1))
        #expect(driver.events == [.custom(name: "user_message", value: F.json(#"{"message_id":"u1","text":"Hello"}"#))])
        #expect(driver.conversation.nextDeadline == .seconds(3))
    }

    @Test func theEchoOfAResentFrameIsNotReportedAsAnotherMessage() {
        var driver = ConversationDriver()
        driver.send("Hello", at: 0)
        driver.tick(at: 3)
        driver.clear()
        driver.receive(Self.echo("Hello", localID: "d1", seq: 1), at: 3.5)
        driver.receive(Self.echo("Hello", localID: "d1", seq: 2), at: 3.6)
        #expect(driver.events == [.delivery(draftID: "d1", state: .sent)])
        #expect(driver.dropped == ["a repeated echo of the message d1 was dropped"])
    }

    @Test func theRetryLadderResendsAt3_6_9AndFailsAt12() {
        var driver = ConversationDriver()
        driver.send("Hello", at: 0)
        let frame = Sent.message("Hello", "d1")
        var deadlines: [Duration?] = [driver.conversation.nextDeadline]
        for second in [2.9, 3, 5.9, 6, 9, 11.9, 12] {
            driver.tick(at: second)
            deadlines.append(driver.conversation.nextDeadline)
        }
        #expect(driver.frames == [frame, frame, frame, frame])
        #expect(driver.events == [.delivery(draftID: "d1", state: .pending), .delivery(draftID: "d1", state: .failed)])
        #expect(deadlines == [.seconds(3), .seconds(3), .seconds(6), .seconds(6), .seconds(9), .seconds(12), .seconds(12), nil])
    }

    @Test func theLadderRunsFromTheFirstSendAtAnyStartTime() {
        var driver = ConversationDriver()
        driver.send("Hello", at: 100.25)
        driver.run(until: 200)
        #expect(driver.frames.count == 4)
        #expect(driver.events.last == .delivery(draftID: "d1", state: .failed))
        var ticks = ConversationDriver()
        ticks.send("Hello", at: 100.25)
        #expect(ticks.conversation.nextDeadline == .milliseconds(103_250))
    }

    @Test func aLateTickSendsOneFrameAndKeepsTheLadderTiming() {
        var driver = ConversationDriver()
        driver.send("Hello", at: 0)
        driver.tick(at: 7)
        #expect(driver.frames.count == 2)
        #expect(driver.conversation.nextDeadline == .seconds(9))
        driver.tick(at: 9)
        #expect(driver.frames.count == 3)
        #expect(driver.conversation.nextDeadline == .seconds(12))
    }

    @Test func anEchoStopsTheLadder() {
        var driver = ConversationDriver()
        driver.send("Hello", at: 0)
        driver.tick(at: 3)
        driver.receive(Self.echo("Hello", localID: "d1", seq: 1), at: 4)
        driver.run(until: 20)
        #expect(driver.frames.count == 2)
        #expect(driver.events == [.delivery(draftID: "d1", state: .pending), .delivery(draftID: "d1", state: .sent)])
    }

    @Test func eachMessageHasItsOwnLadder() {
        var driver = ConversationDriver()
        driver.send("one", at: 0)
        driver.send("two", at: 1)
        driver.tick(at: 3)
        driver.tick(at: 4)
        #expect(driver.frames == [Sent.message("one", "d1"), Sent.message("two", "d2"), Sent.message("one", "d1"), Sent.message("two", "d2")])
        driver.run(until: 13)
        #expect(
            Array(driver.events.suffix(2)) == [.delivery(draftID: "d1", state: .failed), .delivery(draftID: "d2", state: .failed)])
    }

    @Test func theEndFailsWhatStillAwaitsAnEcho() {
        var driver = ConversationDriver()
        driver.send("bye", at: 0)
        driver.clear()
        driver.end(at: 1)
        #expect(driver.events == [.delivery(draftID: "d1", state: .failed), .sessionEnded(reason: "user_ended"), .turnEnded])
        #expect(driver.frames == [Sent.end])
        #expect(driver.conversation.nextDeadline == nil)
    }
}
