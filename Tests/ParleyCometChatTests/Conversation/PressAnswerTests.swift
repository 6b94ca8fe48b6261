import Foundation
import ParleyCometChat
import ParleyModel
import Testing

/// The turn after a press: agents run on text messages, so the run answering a press carries an id
/// of its own. The conversation takes the first run to start in it after the press as the answer
/// (one flow per user is live at a time), so the turn ends when that run's reply is in.
@Suite("cometchat the turn after a press")
struct PressAnswerTests {
    /// A short run `run` in conversation `conversation`: started, one reply streamed, finished, and
    /// its persisted assistant message (id `message`).
    static func run(_ run: Int, message: Int, conversation: String = F.conversation) -> [String] {
        func streamed(_ type: String, _ data: String = "") -> String {
            F.streamed(type, run: String(run), data).replacingOccurrences(of: F.conversation, with: conversation)
        }
        let assistant = F.message(
            #"{"id":\#(message),"conversationId":"\#(conversation)","category":"agentic","type":"assistant","data":{"text":"Thanks!","runId":\#(run),"threadId":"\#(conversation)",\#(F.agentEntities)}}"#)
        return [
            streamed("run_started"), streamed("text_message_start", #""streamMessageId":"s\#(run)""#),
            streamed("text_message_content", #""streamMessageId":"s\#(run)","delta":"Thanks!""#),
            streamed("text_message_end", #""streamMessageId":"s\#(run)","messageId":"\#(message)""#), streamed("run_finished"), assistant,
        ]
    }

    @Test("a run of a new id that starts after a press is the press's answer: reported, and its reply ends the turn")
    func theAnswerRunIsAdopted() {
        var driver = ConversationDriver(runs: .mine)
        driver.userPressed(at: 0)
        _ = driver.conversation.own(run: 30, at: ConversationDriver.at(0))  // the pressed message, as the session does
        driver.receive(Self.run(99, message: 100), at: 0.5)
        #expect(driver.events.first == .runStarted(runID: "99", threadID: F.conversation))
        #expect(driver.events.contains(.reply(Reply(messageID: "s99", text: "Thanks!"))))
        #expect(driver.events.last == .turnEnded)
        #expect(driver.turnEnds == 1)
    }

    @Test("without a press a run of an unknown id stays someone else's, and the turn is not ended by it")
    func noPressNoAdoption() {
        var driver = ConversationDriver(runs: .mine)
        driver.userActed(at: 0)
        _ = driver.conversation.sent(messageID: 17, at: ConversationDriver.at(0))
        driver.receive(Self.run(99, message: 100), at: 0.5)
        #expect(driver.events.isEmpty, "\(driver.events)")
    }

    @Test("only the first run after the press is adopted; a run that started before the press stays held")
    func onlyTheFirstRunAfterThePress() {
        var driver = ConversationDriver(runs: .mine)
        let early = Self.run(50, message: 51)
        driver.receive(early[0], at: 0)  // started before the press: not its answer
        driver.userPressed(at: 0.1)
        driver.receive(Array(early.dropFirst()), at: 0.2)
        #expect(driver.events.isEmpty, "\(driver.events)")
        driver.receive(Self.run(99, message: 100), at: 0.5)
        #expect(driver.events.first == .runStarted(runID: "99", threadID: F.conversation))
        driver.clear()
        driver.receive(Self.run(120, message: 121), at: 1)
        #expect(driver.events.isEmpty, "a second run was adopted too: \(driver.events)")
    }

    @Test("a run in another conversation of the user is not the press's answer")
    func anotherConversationsRun() {
        var driver = ConversationDriver(runs: .mine)
        driver.userPressed(at: 0)
        driver.receive(Self.run(99, message: 100, conversation: "cometchat-uid-1_user_other-agent"), at: 0.5)
        #expect(driver.events.isEmpty, "\(driver.events)")
        driver.receive(Self.run(101, message: 102), at: 0.6)
        #expect(driver.events.first == .runStarted(runID: "101", threadID: F.conversation))
        #expect(driver.events.last == .turnEnded)
    }

    @Test("a run under the pressed message's own id is still the answer")
    func thePressedMessagesIdStillWorks() {
        var driver = ConversationDriver(runs: .mine)
        driver.userPressed(at: 0)
        _ = driver.conversation.own(run: 30, at: ConversationDriver.at(0))
        driver.receive(Self.run(30, message: 31), at: 0.5)
        #expect(driver.events.first == .runStarted(runID: "30", threadID: F.conversation))
        #expect(driver.events.last == .turnEnded)
    }

    @Test("a new user action ends the wait for a press's answer")
    func aSendAfterThePress() {
        var driver = ConversationDriver(runs: .mine)
        driver.userPressed(at: 0)
        driver.userActed(at: 0.1)
        _ = driver.conversation.sent(messageID: 17, at: ConversationDriver.at(0.1))
        driver.receive(Self.run(99, message: 100), at: 0.5)
        #expect(driver.events.isEmpty, "\(driver.events)")
    }

    @Test("a press that sent a text (a card's sendMessage) is answered by that text's run; no other run is adopted")
    func aPressThatSentText() {
        var driver = ConversationDriver(runs: .mine)
        driver.userPressed(at: 0)
        _ = driver.conversation.sent(messageID: 40, at: ConversationDriver.at(0.05))
        driver.receive(Self.run(99, message: 100), at: 0.5)
        #expect(driver.events.isEmpty, "\(driver.events)")
        driver.receive(Self.run(40, message: 41), at: 0.6)
        #expect(driver.events.first == .runStarted(runID: "40", threadID: F.conversation))
        #expect(driver.events.last == .turnEnded)
    }
}
