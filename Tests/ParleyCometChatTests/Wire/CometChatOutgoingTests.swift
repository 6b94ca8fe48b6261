import ParleyCometChat
import ParleyModel
import Testing

/// The bodies Parley sends, against the wire contract's literal JSON.
@Suite("CometChat outgoing bodies")
struct CometChatOutgoingTests {
    @Test func theTextMessageBody() {
        #expect(
            CometChatOutgoing.textMessage("What's the weather today?", to: .agent(uid: "ai-agent-uid"), muid: "parley-1").serialized()
                == #"{"receiver":"ai-agent-uid","receiverType":"user","category":"message","type":"text","data":{"text":"What's the weather today?"},"muid":"parley-1"}"#)
        #expect(
            CometChatOutgoing.textMessage("hi", to: .group(guid: "cometchat-guid-1"), muid: "m").serialized()
                == #"{"receiver":"cometchat-guid-1","receiverType":"group","category":"message","type":"text","data":{"text":"hi"},"muid":"m"}"#)
    }

    @Test func theInteractedBodyAndTheTokenRequest() {
        #expect(CometChatOutgoing.interacted(elementIDs: ["submit_btn"]).serialized() == #"{"interactions":["submit_btn"]}"#)
        #expect(CometChatOutgoing.authTokenRequest.serialized() == "{}")
    }

    static let form = CometChatMessage(
        id: 30, muid: "contact_form", conversationID: "ai-agent-uid_user_cometchat-uid-1", sender: "ai-agent-uid", receiver: "cometchat-uid-1",
        receiverType: "user", category: .interactive, type: "form")

    @Test func theApiActionBodyOfAForm() {
        let body = CometChatOutgoing.apiActionBody(
            appID: "app1", region: "us", payload: nil, message: Self.form, interactedBy: "cometchat-uid-1", elementID: "submit_btn",
            submission: .form([JSONMember("name_field", "Ada"), JSONMember("country_dropdown", "uk")]))
        #expect(
            body.serialized()
                == #"{"appID":"app1","region":"us","trigger":"ui_message_interacted","payload":{},"data":{"conversationId":"ai-agent-uid_user_cometchat-uid-1","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","messageCategory":"interactive","messageId":30,"messageType":"form","interactionTimezoneCode":"UTC","interactedBy":"cometchat-uid-1","interactedElementId":"submit_btn","formData":{"name_field":"Ada","country_dropdown":"uk"}}}"#)
    }

    @Test func theApiActionBodyOfASchedulerAndOfACardButton() {
        var scheduler = Self.form
        scheduler.type = "scheduler"
        let body = CometChatOutgoing.apiActionBody(
            appID: "app1", region: "eu", payload: .object([JSONMember("k", "v")]), message: scheduler, interactedBy: "cometchat-uid-1",
            elementID: "schedule_btn", submission: .scheduler(meetStartAt: "2026-01-05T09:00:00Z", duration: 30))
        #expect(
            body.serialized()
                == #"{"appID":"app1","region":"eu","trigger":"ui_message_interacted","payload":{"k":"v"},"data":{"conversationId":"ai-agent-uid_user_cometchat-uid-1","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","messageCategory":"interactive","messageId":30,"messageType":"scheduler","interactionTimezoneCode":"UTC","interactedBy":"cometchat-uid-1","interactedElementId":"schedule_btn","schedulerData":{"duration":30,"meetStartAt":"2026-01-05T09:00:00Z","messageId":30,"conversationId":"ai-agent-uid_user_cometchat-uid-1","senderId":"cometchat-uid-1"}}}"#)
        var card = Self.form
        card.type = "card"
        let plain = CometChatOutgoing.apiActionBody(
            appID: "app1", region: "us", payload: nil, message: card, interactedBy: "cometchat-uid-1", elementID: "buy_btn", submission: nil)
        #expect(plain["data"]?["formData"] == nil)
        #expect(plain["data"]?["schedulerData"] == nil)
        #expect(plain["data"]?["messageType"] == "card")
    }

    @Test func conversationIdsSortTheUidsOrNameTheGroup() {
        #expect(CometChatPeer.agent(uid: "ai-agent-uid").conversationID(user: "cometchat-uid-1") == "ai-agent-uid_user_cometchat-uid-1")
        #expect(CometChatPeer.agent(uid: "zed").conversationID(user: "amy") == "amy_user_zed")
        #expect(CometChatPeer.group(guid: "cometchat-guid-1").conversationID(user: "amy") == "group_cometchat-guid-1")
    }
}
