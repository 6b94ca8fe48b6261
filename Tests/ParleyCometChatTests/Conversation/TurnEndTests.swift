import ParleyCometChat
import ParleyModel
import Testing

/// When the agent's turn is over: the persisted reply after run_finished, the quiet period, an error.
@Suite("CometChat turn end")
struct TurnEndTests {
    @Test func theTurnEndsWhenTheAnnouncedAssistantMessageArrives() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        _ = driver.conversation.sent(messageID: 17, at: ConversationDriver.at(0.1))
        driver.receive(F.weatherRun, at: 1)
        #expect(driver.turnEnds == 0)
        #expect(driver.conversation.deadline == ConversationDriver.at(2))
        driver.receive([F.toolArgumentsMessage, F.toolResultMessage], at: 1.2)
        #expect(driver.turnEnds == 0)
        #expect(driver.conversation.deadline == ConversationDriver.at(2.2))
        let last = driver.receive(F.assistantMessage, at: 1.3)
        #expect(last.last == .turnEnded)
        #expect(driver.turnEnds == 1)
        #expect(driver.conversation.deadline == nil)
        #expect(driver.tick(at: 10) == [])
    }

    @Test func theTurnEndsAfterTheQuietPeriodWhenNoPersistedReplyComes() {
        var driver = ConversationDriver(quiet: .milliseconds(500))
        driver.userActed(at: 0)
        driver.receive(F.weatherRun, at: 1)
        #expect(driver.tick(at: 1.4) == [])
        #expect(driver.tick(at: 1.5) == [.turnEnded])
        #expect(driver.conversation.deadline == nil)
        #expect(driver.tick(at: 3) == [])
    }

    @Test func withoutAStreamedReplyAnyAssistantMessageOfTheRunEndsTheTurn() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        driver.receive([F.streamed("run_started"), F.streamed("run_finished")], at: 1)
        driver.receive(F.toolArgumentsMessage, at: 1.1)
        #expect(driver.turnEnds == 0)
        driver.receive(F.assistantMessage, at: 1.2)
        #expect(driver.events.suffix(2) == [.reply(Reply(messageID: "20", text: "It is 31°C and sunny in Mumbai.", agentName: "Weather Bot")), .turnEnded])
    }

    @Test func twoReplyStreamsWaitForBothAssistantMessages() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        driver.receive(
            [
                F.streamed("run_started"), F.streamed("text_message_start", #""streamMessageId":"a""#),
                F.streamed("text_message_end", #""streamMessageId":"a","messageId":"20""#), F.streamed("text_message_start", #""streamMessageId":"b""#),
                F.streamed("text_message_end", #""streamMessageId":"b","messageId":"21""#), F.streamed("run_finished"),
            ], at: 1)
        driver.receive(F.assistantMessage, at: 1.1)
        #expect(driver.turnEnds == 0)
        driver.receive(F.message(#"{"id":21,"sender":"ai-agent-uid","category":"agentic","type":"assistant","data":{"text":"More","runId":17}}"#), at: 1.2)
        #expect(driver.turnEnds == 1)
    }

    @Test func aLateRunOfAnEarlierTurnDoesNotEndTheNewOne() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        driver.receive(F.streamed("run_started", run: "17"), at: 0.5)
        driver.userActed(at: 1)
        _ = driver.conversation.sent(messageID: 25, at: ConversationDriver.at(1.1))
        driver.receive(F.streamed("run_finished", run: "17"), at: 1.2)
        #expect(driver.conversation.deadline == nil)
        driver.receive([F.streamed("run_started", run: "25"), F.streamed("run_finished", run: "25")], at: 2)
        #expect(driver.conversation.deadline == ConversationDriver.at(3))
        #expect(driver.tick(at: 3) == [.turnEnded])
    }

    @Test func theSentMessagesRunCountsEvenIfItsStartWasMissed() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        _ = driver.conversation.sent(messageID: 25, at: ConversationDriver.at(0.1))
        driver.receive(F.streamed("run_finished", run: "25"), at: 1)
        #expect(driver.conversation.deadline == ConversationDriver.at(2))
    }

    @Test func eachTurnEndsOnceAndANewActionOpensTheNext() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        driver.receive([F.streamed("run_started"), F.streamed("run_error", #""message":"no""#)], at: 1)
        driver.receive(F.streamed("run_error", #""message":"again""#), at: 1.1)
        #expect(driver.turnEnds == 1)
        driver.userActed(at: 2)
        driver.receive([F.streamed("run_started", run: "30"), F.streamed("run_finished", run: "30")], at: 3)
        #expect(driver.tick(at: 4) == [.turnEnded])
        #expect(driver.turnEnds == 2)
    }

    @Test func nothingIsDueBeforeARunFinishes() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        driver.receive(Array(F.weatherRun.dropLast()), at: 1)
        #expect(driver.conversation.deadline == nil)
        #expect(driver.tick(at: 100) == [])
    }
}
