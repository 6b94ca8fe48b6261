import ParleyModel
import ParleyPolyAI
import Testing

/// The user's typing frames: throttled STARTED, auto STOPPED (section 5).
struct TypingTests {
    @Test func startedGoesOutAtMostEveryThreeSeconds() {
        var driver = ConversationDriver()
        for second in [0, 1, 2.9, 3, 4] { driver.typing(at: second) }
        #expect(driver.frames == [Sent.typingStarted, Sent.typingStarted])
        #expect(driver.events == [])
    }

    @Test func stoppedGoesOutFiveSecondsAfterTheLastCall() {
        var driver = ConversationDriver()
        driver.typing(at: 0)
        driver.typing(at: 2)
        #expect(driver.conversation.nextDeadline == .seconds(7))
        driver.tick(at: 6.9)
        #expect(driver.frames == [Sent.typingStarted])
        driver.tick(at: 7)
        #expect(driver.frames == [Sent.typingStarted, Sent.typingStopped])
        #expect(driver.conversation.nextDeadline == nil)
    }

    @Test func afterStoppedTheNextCallStartsAgainAtOnce() {
        var driver = ConversationDriver()
        driver.typing(at: 0)
        driver.run(until: 5)
        driver.typing(at: 5.5)
        #expect(driver.frames == [Sent.typingStarted, Sent.typingStopped, Sent.typingStarted])
    }

    @Test func typingDoesNotOpenATurn() {
        var driver = ConversationDriver()
        driver.receive(PolyFixtures.agentMessage("Welcome", seq: 1), at: 0)
        driver.run(until: 1)
        #expect(driver.events.last == .turnEnded)
        driver.clear()
        driver.typing(at: 2)
        driver.run(until: 10)
        #expect(driver.events == [])
    }

    @Test func typingAfterTheEndIsAFailure() {
        var driver = ConversationDriver()
        driver.end(at: 0)
        #expect(driver.typing(at: 1) == PolyReaction(failure: "cannot type: the session has ended"))
    }

    @Test func theEndDropsAPendingStop() {
        var driver = ConversationDriver()
        driver.typing(at: 0)
        driver.end(at: 1)
        driver.run(until: 10)
        #expect(driver.frames == [Sent.typingStarted, Sent.end])
    }
}
