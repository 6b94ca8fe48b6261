import ParleyCometChat
import ParleyModel
import Testing

/// Pressing elements of schema cards: actions are performed or recorded, nothing is marked.
@Suite("CometChat card actions")
struct CardPlannerTests {
    static let planner = CometChatInteractionPlanner(appID: "app1", region: "us")

    static var conversation: CometChatConversation {
        var driver = ConversationDriver()
        driver.receive(F.streamed("card", #""cardId":"card-1","card":\#(F.orderCard)"#))
        return driver.conversation
    }

    static func steps(_ element: String) throws -> [CometChatInteractionStep] {
        try planner.plan(.click(messageID: "card-1", elementID: element), in: conversation).get()
    }

    @Test func anApiCallUsesTheActionsOwnRequestAndIsNotMarked() throws {
        #expect(
            try Self.steps("cancel") == [
                .call(
                    CometChatActionCall(
                        messageID: "card-1", elementID: "cancel", actionType: "apiCall", method: "POST", url: "https://api.example.com/orders/1234/cancel",
                        headers: ["Authorization": "Bearer t"], body: .object([JSONMember("reason", "user")])))
            ])
    }

    @Test func openUrlIsRecordedSendMessageSendsAndCopyIsRecordedWithItsValue() throws {
        #expect(
            try Self.steps("track") == [.record(PerformedAction(messageID: "card-1", elementID: "track", type: "openUrl", url: "https://example.com/track/1234"))])
        #expect(try Self.steps("help") == [.sendText("I need help with order 1234")])
        #expect(
            try Self.steps("copy") == [
                .record(PerformedAction(messageID: "card-1", elementID: "copy", type: "copyToClipboard", payload: .object([JSONMember("value", "1234")])))
            ])
    }

    @Test func theOtherActionsAreRecordedWithWhatTheyName() throws {
        let card = ##"{"version":"1.0","style":{"background":{"light":"#FFFFFF","dark":"#000000"}},"fallbackText":"x","body":[{"id":"u","type":"button","label":"Chat","action":{"type":"chatWithUser","uid":"sam"}},{"id":"g","type":"iconButton","icon":{"name":"group"},"action":{"type":"chatWithGroup","guid":"support"}},{"id":"c","type":"button","label":"Call","action":{"type":"initiateCall","callType":"video","uid":"sam"}},{"id":"d","type":"link","text":"PDF","action":{"type":"downloadFile","url":"https://x/y.pdf","filename":"y.pdf"}},{"id":"k","type":"button","label":"Do","action":{"type":"customCallback"}},{"id":"q","type":"button","label":"Get","action":{"type":"apiCall","url":"https://api.example.com/q","method":"GET"}}]}"##
        var driver = ConversationDriver()
        driver.receive(F.message(#"{"id":80,"muid":"contacts","sender":"ai-agent-uid","category":"card","type":"x","data":{"card":\#(card)}}"#))
        func first(_ element: String) throws -> CometChatInteractionStep? {
            try Self.planner.plan(.click(messageID: "contacts", elementID: element), in: driver.conversation).get().first
        }
        #expect(try first("u") == .record(PerformedAction(messageID: "contacts", elementID: "u", type: "chatWithUser", payload: .object([JSONMember("uid", "sam")]))))
        #expect(try first("g") == .record(PerformedAction(messageID: "contacts", elementID: "g", type: "chatWithGroup", payload: .object([JSONMember("guid", "support")]))))
        #expect(
            try first("c")
                == .record(
                    PerformedAction(
                        messageID: "contacts", elementID: "c", type: "initiateCall", payload: .object([JSONMember("callType", "video"), JSONMember("uid", "sam")]))))
        #expect(
            try first("d")
                == .record(
                    PerformedAction(messageID: "contacts", elementID: "d", type: "downloadFile", url: "https://x/y.pdf", payload: .object([JSONMember("filename", "y.pdf")]))))
        #expect(try first("k") == .record(PerformedAction(messageID: "contacts", elementID: "k", type: "customCallback")))
        guard case .call(let call)? = try first("q") else {
            Issue.record("no call")
            return
        }
        #expect(call.method == "GET")
        #expect(call.body == nil)
    }

    @Test func anElementThatCannotBePressedIsRefusedWithWhatCan() {
        let result = Self.planner.plan(.click(messageID: "card-1", elementID: "title"), in: Self.conversation)
        guard case .failure(let refusal) = result else {
            Issue.record("not refused: \(result)")
            return
        }
        #expect(
            refusal.message
                == #"click "title": card "card-1" has no pressable element "title"; its pressable elements: track (button), cancel (button), help (link), copy (chip)"#)
    }
}
