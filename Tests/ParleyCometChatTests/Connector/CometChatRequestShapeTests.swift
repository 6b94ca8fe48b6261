import Foundation
import ParleyCometChat
import ParleyCore
import ParleyModel
import ParleyServer
import Testing

/// The connector's requests, as a real server received them, against CometChat's documented REST
/// shapes (protocols/cometchat.md §4.2, §5.1): paths, the `apikey` and `onBehalfOf` headers, bodies.
@Suite("cometchat connector requests", .timeLimit(.minutes(1)))
struct CometChatRequestShapeTests {
    @Test("a message, a form filled and submitted: auth token, PUT /v3.0/me, POST /messages, the apiAction, PATCH interacted, as documented")
    func requestShapes() async throws {
        let requests = try await LiveCometChat.with { server, session in
            try await session.perform(.send(text: "Please contact me"))
            let first = try await session.events { $0 == .turnEnded }
            let form = try #require(first.compactMap { if case .interactive(let message) = $0 { message } else { nil } }.first)
            #expect(form.id == "contact_form")
            #expect(form.receiverType == "user")
            #expect(form.sender == "shop-bot")
            try await session.perform(
                .submit(formID: "contact_form", values: [JSONMember("name_field", "Ada"), JSONMember("country_dropdown", "uk")], button: "submit_btn"))
            // The local goal completion follows the PATCH's answer, which may come after the reply
            // (the virtual script answers at once): read until both are in.
            let thanked = { (events: [AgentEvent]) in events.contains { if case .reply(let reply) = $0 { reply.text.contains("Thanks") } else { false } } }
            var second: [AgentEvent] = []
            while !(thanked(second) && second.contains(.goalCompleted(messageID: "contact_form", source: .local))) {
                let more = try await session.events { _ in true }
                guard !more.isEmpty else { break }  // the session closed: the checks below say what is missing
                second += more
            }
            #expect(second.contains(.goalCompleted(messageID: "contact_form", source: .local)))
            #expect(second.contains(.goalCompleted(messageID: "contact_form", source: .server)))
            #expect(second.contains { if case .reply(let reply) = $0 { reply.text == "Thanks, Ada from uk." } else { false } })
            return await server.requestLog.requests()
        }
        #expect(requests.map { "\($0.method) \($0.path)" }.count == 5, "\(requests.map { "\($0.method) \($0.path)" })")

        let token = try #require(requests.first { $0.path == "/v3/users/cometchat-uid-1/auth_tokens" })
        #expect(token.method == "POST")
        #expect(token.headers["apikey"] == "key-1")
        #expect(token.headers["onbehalfof"] == nil)
        #expect(token.body == .object([]))

        // The SDK's login: the client API under /v3.0 on the REST host, with the auth token.
        let me = try #require(requests.first { $0.path == "/v3.0/me" })
        #expect(me.method == "PUT")
        #expect(me.headers["appid"] == "parley-app")
        #expect(me.headers["authtoken"]?.isEmpty == false)
        #expect(me.headers["apikey"] == nil)
        #expect(me.headers["resource"] == "parley-s1")
        #expect(me.headers["sdk"]?.isEmpty == false)
        #expect(me.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(!requests.contains { $0.path == "/v3.0/settings" }, "the /me answer carried the settings")
        #expect(requests.map(\.path).firstIndex(of: "/v3.0/me")! < requests.map(\.path).firstIndex(of: "/v3/messages")!)

        let send = try #require(requests.first { $0.method == "POST" && $0.path == "/v3/messages" })
        #expect(send.headers["apikey"] == "key-1")
        #expect(send.headers["onbehalfof"] == LiveCometChat.user)
        #expect(send.headers["content-type"] == "application/json")
        guard case .string(let muid)? = send.body?["muid"], !muid.isEmpty else { Issue.record("no muid: \(String(describing: send.body))"); return }
        let documented = try JSONValue(
            parsing: #"{"receiver":"shop-bot","receiverType":"user","category":"message","type":"text","data":{"text":"Please contact me"},"muid":"\#(muid)"}"#)
        #expect(send.body == documented)

        let action = try #require(requests.first { $0.path == "/actions" })
        #expect(action.method == "POST")
        #expect(action.body?["trigger"] == "ui_message_interacted")
        #expect(action.body?["appID"] == "parley-app")
        // Member order is not JSON's business: compare the pairs.
        guard case .object(let formData)? = action.body?["data"]?["formData"] else { Issue.record("no formData"); return }
        #expect(Set(formData) == [JSONMember("name_field", "Ada"), JSONMember("country_dropdown", "uk")])
        #expect(action.body?["data"]?["interactedBy"] == .string(LiveCometChat.user))
        #expect(action.body?["data"]?["interactedElementId"] == "submit_btn")
        #expect(action.body?["data"]?["messageCategory"] == "interactive")
        #expect(action.body?["data"]?["messageType"] == "form")
        guard case .number(let messageID)? = action.body?["data"]?["messageId"] else { Issue.record("no messageId"); return }

        let patch = try #require(requests.first { $0.method == "PATCH" })
        #expect(patch.path == "/v3/messages/\(Int(messageID))/interacted")
        #expect(patch.headers["apikey"] == "key-1")
        #expect(patch.headers["onbehalfof"] == LiveCometChat.user)
        #expect(patch.body == (try JSONValue(parsing: #"{"interactions":["submit_btn"]}"#)))
        // The UI kit's order: the action first, then the mark.
        let order = requests.map(\.path)
        #expect(order.firstIndex(of: "/actions")! < order.firstIndex(of: patch.path)!)
    }

    @Test("a wrong API key fails the flow with CometChat's code and a hint")
    func wrongKey() async throws {
        let failure = try await LiveCometChat.with({ settings, _ in settings.apiKey = "wrong" }) { _, session in await session.failure() }
        let message = try #require(failure)
        #expect(message.contains("CometChat refused POST /users/cometchat-uid-1/auth_tokens: 401"), "\(message)")
        #expect(message.contains("AUTH_ERR_APIKEY_NOT_FOUND"), "\(message)")
        #expect(message.contains("check the agent's api_key"), "\(message)")
        #expect(!message.contains("key-1"))
    }

    @Test("a frame that is not JSON is a protocol_warning, as the SDK ignores it; the run goes on and ends the turn")
    func garbage() async throws {
        let events = try await LiveCometChat.with { _, session in
            try await session.perform(.send(text: "send garbage"))
            return try await session.events { $0 == .turnEnded }
        }
        let warnings = events.compactMap { event -> String? in
            if case .protocolWarning(let message, _) = event { return message }
            return nil
        }
        #expect(warnings.count == 1 && warnings.first?.hasPrefix("CometChat sent a frame that is not JSON: ") == true, "\(events)")
        #expect(events.contains { if case .reply(let reply) = $0 { reply.text == "never read" } else { false } }, "\(events)")
        #expect(events.last == .turnEnded)
    }

    @Test("an invalid card is a run_error naming what is wrong")
    func invalidCard() async throws {
        let events = try await LiveCometChat.with { _, session in
            try await session.perform(.send(text: "show a card"))
            return try await session.events { $0 == .turnEnded }
        }
        let error = try #require(events.compactMap { if case .runError(let message, let code) = $0 { (message, code) } else { nil } }.first)
        #expect(error.1 == "invalid_card")
        #expect(error.0.contains("broken"), "\(error.0)")
        #expect(error.0.contains("version"), "\(error.0)")
        #expect(events.contains { if case .card(let id, _) = $0 { id == "broken" } else { false } })
    }

    @Test("a socket address whose upgrade is declined fails the flow before anything is sent, naming the status")
    func refusedSocket() async throws {
        let failure = try await LiveCometChat.with({ settings, url in settings.websocketURL = CometChatServer.webSocketURL(for: url).absoluteString + "/nowhere" }) {
            _, session in
            do {
                try await session.perform(.send(text: "hello"))
                return await session.failure()
            } catch {
                return "\(error)"
            }
        }
        let message = try #require(failure)
        // The WebSocket client does not say how the upgrade was answered; the connector learns it
        // (Hummingbird answers an upgrade to a path it does not route with 400).
        #expect(message.contains("the WebSocket upgrade at ws://") && message.hasSuffix("/nowhere was answered 400 Bad Request"), "\(message)")
    }

    @Test("clicking a button that is not on the form is refused before anything is sent")
    func refusedClick() async throws {
        let (thrown, requests) = try await LiveCometChat.with { server, session in
            try await session.perform(.send(text: "contact"))
            _ = try await session.events { $0 == .turnEnded }
            var thrown: String?
            do { try await session.perform(.click(messageID: "contact_form", elementID: "cancel_btn")) } catch { thrown = "\(error)" }
            return (thrown, await server.requestLog.requests())
        }
        let message = try #require(thrown)
        #expect(message.contains("cancel_btn"), "\(message)")
        #expect(!requests.contains { $0.method == "PATCH" })
    }
}
