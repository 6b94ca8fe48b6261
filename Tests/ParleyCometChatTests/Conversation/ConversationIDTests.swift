import ParleyCometChat
import ParleyModel
import Testing

/// Which messages are the flow's: the conversation id the server named in its answer to
/// `POST /messages` decides, and the parties of a message stand in before that answer (or when a
/// server spells the id otherwise). The computed id is only a fallback.
@Suite("cometchat conversation id")
struct ConversationIDTests {
    /// A text message from `sender` to `receiver` in conversation `conversation`.
    static func text(_ id: Int, conversation: String, sender: String = F.agent, receiver: String = F.user) -> String {
        F.message(
            #"{"id":\#(id),"conversationId":"\#(conversation)","receiver":"\#(receiver)","receiverType":"user","category":"message","type":"text","data":{"text":"hello \#(id)","entities":{"sender":{"entity":{"uid":"\#(sender)","role":"@agentic"},"entityType":"user"}}}}"#)
    }

    @Test("the id in the POST /messages answer is the conversation's, and messages carrying it are kept whatever it looks like")
    func theServersIdIsTaken() {
        var driver = ConversationDriver()
        #expect(driver.conversation.conversationID == F.conversation)
        _ = driver.conversation.sent(messageID: 17, conversationID: "conv-7f3a", at: .zero)
        #expect(driver.conversation.conversationID == "conv-7f3a")
        // A message of that id from someone the flow has never heard of (a live agent) is kept.
        driver.receive(Self.text(18, conversation: "conv-7f3a", sender: "sam"))
        #expect(driver.events.count == 1)
        driver.receive(Self.text(19, conversation: "CONV-7F3A", sender: "sam"))
        #expect(driver.events.count == 2, "ids differ only in case: \(driver.events)")
    }

    @Test("before the answer, and for another spelling, a message between the user and the agent is kept")
    func thePartiesStandIn() {
        var driver = ConversationDriver()
        driver.receive(Self.text(18, conversation: "cometchat-uid-1_user_ai-agent-uid"))
        driver.receive(Self.text(19, conversation: "AI-AGENT-UID_user_COMETCHAT-UID-1"))
        #expect(driver.events.count == 2, "\(driver.events)")
    }

    @Test("a message of another conversation of the user's is dropped")
    func anotherConversation() {
        var driver = ConversationDriver()
        _ = driver.conversation.sent(messageID: 17, conversationID: F.conversation, at: .zero)
        driver.receive(Self.text(18, conversation: "cometchat-uid-1_user_other-bot", sender: "other-bot"))
        driver.receive(Self.text(19, conversation: "group_cometchat-guid-1", sender: F.agent, receiver: "cometchat-guid-1"))
        #expect(driver.events.isEmpty, "\(driver.events)")
    }

    @Test("in a group, messages to the group are kept whatever id they carry")
    func aGroup() {
        var driver = ConversationDriver(peer: .group(guid: "cometchat-guid-1"))
        let message = F.message(
            #"{"id":18,"conversationId":"group_COMETCHAT-GUID-1","receiver":"cometchat-guid-1","receiverType":"group","category":"message","type":"text","data":{"text":"hi","entities":{"sender":{"entity":{"uid":"sam"},"entityType":"user"}}}}"#)
        driver.receive(message)
        #expect(driver.events.count == 1, "\(driver.events)")
    }
}
