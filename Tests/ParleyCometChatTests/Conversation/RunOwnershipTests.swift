import ParleyCometChat
import ParleyModel
import Testing

/// A user's socket carries every run of that user (another flow's leftovers, another member of a
/// group): the conversation reports only the runs its own messages and presses started.
@Suite("cometchat run ownership")
struct RunOwnershipTests {
    @Test("a run that is not the flow's is not reported; its persisted messages neither")
    func foreignRun() {
        var driver = ConversationDriver(runs: .mine)
        driver.userActed(at: 0)
        _ = driver.conversation.sent(messageID: 30, at: ConversationDriver.at(0.05))
        driver.receive(F.weatherRun, at: 0.1)
        driver.receive([F.toolArgumentsMessage, F.toolResultMessage, F.assistantMessage], at: 0.2)
        #expect(driver.events.isEmpty, "\(driver.events)")
        #expect(driver.conversation.deadline == nil)
    }

    @Test("frames of the flow's run that come before the REST answer naming its id are reported once it does, in order")
    func earlyFrames() {
        var driver = ConversationDriver(runs: .mine)
        driver.userActed(at: 0)
        driver.receive(Array(F.weatherRun.prefix(3)), at: 0.1)
        #expect(driver.events.isEmpty)
        let early = driver.conversation.sent(messageID: 17, at: ConversationDriver.at(0.2))
        #expect(early.first == .runStarted(runID: "17", threadID: F.conversation))
        #expect(early.contains(.toolCallStart(id: "tc-1", name: "getWeather")))
        driver.events += early
        driver.receive(Array(F.weatherRun.dropFirst(3)), at: 0.3)
        driver.receive([F.toolArgumentsMessage, F.toolResultMessage, F.assistantMessage], at: 0.4)
        #expect(driver.events.contains { if case .toolCall(let call) = $0 { call.args == .object([JSONMember("city", "Mumbai")]) } else { false } })
        #expect(driver.events.last == .turnEnded)
        #expect(driver.events.filter { if case .runStarted = $0 { true } else { false } }.count == 1)
    }

    @Test("runs: all reports every run, as before ownership")
    func allRuns() {
        var driver = ConversationDriver(runs: .all)
        driver.userActed(at: 0)
        driver.receive(F.weatherRun, at: 0.1)
        #expect(driver.events.first == .runStarted(runID: "17", threadID: F.conversation))
    }

    @Test("a goal receipt for a message the flow never saw is someone else's")
    func foreignGoal() {
        var driver = ConversationDriver(runs: .mine)
        driver.receive(F.interactionCompleted(999, element: "submit_btn"), at: 0.1)
        #expect(driver.events.isEmpty)
    }
}
