import Foundation
import NIOHTTP1
import ParleyModel
import ParleyServer
import Testing

/// Interactive messages over a real server: the form with its injected action, `/actions`, the
/// PATCH, `interaction_completed` once, and the script's answer as the next run.
@Suite("CometChat server: interactions")
struct CometChatInteractionTests {
    @Test("a form: /actions formData reaches the submit rule; the PATCH pushes interaction_completed once, then the answer's run")
    func form() async throws {
        try await CometChatTestServer.with { http, base, server in
            let token = try await http.jwt(for: "ada")
            let outcome = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("form", from: "ada")
                let shown = try await probe.wait { frames in frames.contains { $0.messageKind == "agentic/assistant" } }
                let form = try #require(shown.first { $0.messageKind == "interactive/form" }?.body)
                guard case .number(let number)? = form["id"] else {
                    Issue.record("the form has no number id: \(form)")
                    return
                }
                let id = Int(number)
                #expect(form["muid"] == "contact_form")
                #expect(form["data"]?["interactions"] == [] && form["data"]?["allowSenderInteraction"] == false)
                #expect(form["data"]?["interactionGoal"] == JSONValue.object([JSONMember("type", "anyOf"), JSONMember("elementIds", ["submit_btn"])]).sorted)
                let action = try #require(form["data"]?["interactiveData"]?["submitElement"]?["action"])
                #expect(action["actionType"] == "apiAction" && action["method"] == "POST")
                #expect(action["url"] == .string(base.absoluteString + "actions"))

                // What the client does for an apiAction button, then the PATCH.
                let apiBody = #"""
                    {"appID":"parley-app","region":"us","trigger":"ui_message_interacted","payload":{},"data":{"conversationId":"ada_user_comet-bot",
                    "sender":"comet-bot","receiver":"ada","receiverType":"user","messageCategory":"interactive","messageId":\#(id),"messageType":"form",
                    "interactionTimezoneCode":"UTC","interactedBy":"ada","interactedElementId":"submit_btn",
                    "formData":{"email":"ada@example.com","name":"Ada"}}}
                    """#
                let posted = try await http.send(.POST, "actions", body: apiBody, apiKey: nil)
                #expect(posted.status == 200 && posted.json == .object([JSONMember("data", .object([JSONMember("received", true)]))]))
                let marked = try await http.interact(id, "submit_btn")
                #expect(marked.status == 200)
                #expect(
                    marked.json?["data"]
                        == JSONValue.object([
                            JSONMember("success", true),
                            JSONMember("message", .string("The message id \(id) has been marked as interacted for the user ada.")),
                        ]).sorted)
                try await probe.wait { frames in frames.filter { $0.messageKind == "agentic/assistant" }.count == 2 }

                let after = Array(probe.frames.drop { $0.messageKind != "interactive/form" }.dropFirst(3))
                #expect(
                    after.map(\.summary) == [
                        "interaction_completed", "run_started", "text_message_start", "text_message_content", "text_message_content",
                        "text_message_end", "run_finished", "agentic/assistant",
                    ])
                try #require(after.count == 8)
                let completed = after[0]
                #expect(completed.json?["sender"] == "ada" && completed.json?["receiver"] == "comet-bot" && completed.json?["messageSender"] == "comet-bot")
                #expect(completed.body?["messageId"] == .number(Double(id)) && completed.body?["user"] == .object([JSONMember("uid", "ada")]))
                #expect(completed.body?["interactions"]?.at(0)?["elementId"] == "submit_btn")
                if case .number(let at)? = completed.body?["interactions"]?.at(0)?["interactedAt"] {
                    #expect(abs(at - Date().timeIntervalSince1970) < 60)
                } else {
                    Issue.record("interactedAt is not a number")
                }
                // Agents run on text messages: the answer's run has an id of its own, not the form's,
                // and its persisted messages carry it.
                guard case .number(let run)? = after[1].body?["id"] else {
                    Issue.record("the answer's run has no numeric id: \(after[1])")
                    return
                }
                #expect(run != Double(id))
                #expect(after[7].body?["data"]?["runId"] == .number(run))
                #expect(after[7].body?["data"]?["text"] == "Thanks Ada, we will write to ada@example.com.")

                // The kept form has the interaction.
                let kept = try await http.messages("v3/users/comet-bot/messages")
                let keptForm = try #require(kept.first { $0["category"] == "interactive" })
                #expect(keptForm["data"]?["interactions"]?.at(0)?["elementId"] == "submit_btn")

                // An element the form does not have: 400 naming it and the form's elements.
                let wrong = try await http.interact(id, "cancel")
                #expect(wrong.status == 400 && wrong.errorCode == "ERR_BAD_REQUEST")
                #expect(wrong.errorMessage == "'cancel' is not an element of message \(id) (elements: name, email, submit_btn).")
            }
            #expect(outcome.frames.filter { $0.type == "interaction_completed" }.count == 1)
            let requests = await server.requestLog.requests()
            let patch = try #require(requests.first { $0.method == "PATCH" })
            #expect(patch.path.hasSuffix("/interacted") && patch.headers["onbehalfof"] == "ada")
            #expect(patch.body == .object([JSONMember("interactions", ["submit_btn"])]))
            #expect(requests.first { $0.path == "/actions" }?.body?["data"]?["formData"]?["name"] == "Ada")
        }
    }

    @Test("a submit with no /actions body first: the simulator refuses it as a streamed run_error naming the empty field")
    func submitWithoutValues() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let token = try await http.jwt(for: "ada")
            _ = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("form", from: "ada")
                let shown = try await probe.wait { frames in frames.contains { $0.messageKind == "agentic/assistant" } }
                guard case .number(let id)? = shown.first(where: { $0.messageKind == "interactive/form" })?.body?["id"] else {
                    Issue.record("no form")
                    return
                }
                #expect(try await http.interact(Int(id), "submit_btn").status == 200)
                let frames = try await probe.wait { frames in frames.contains { $0.event == "run_error" } }
                let error = try #require(frames.first { $0.event == "run_error" }?.body?["data"])
                #expect(error["code"] == "invalid_submission")
                #expect(error["message"].map(Interpolation.text)?.contains("required field 'name'") == true, "\(error)")
            }
        }
    }

    @Test("a scheduler: schedulerData.meetStartAt from /actions is the slot; a card button is a click; goals complete once each")
    func schedulerAndCard() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let token = try await http.jwt(for: "ada")
            let outcome = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("schedule", from: "ada")
                let shown = try await probe.wait { frames in frames.contains { $0.messageKind == "interactive/scheduler" } }
                let scheduler = try #require(shown.first { $0.messageKind == "interactive/scheduler" }?.body)
                guard case .number(let number)? = scheduler["id"] else { return }
                let id = Int(number)
                #expect(scheduler["data"]?["interactiveData"]?["scheduleElement"]?["action"]?["actionType"] == "apiAction")
                let apiBody = #"""
                    {"appID":"parley-app","region":"us","trigger":"ui_message_interacted","payload":{},"data":{"messageId":\#(id),"messageType":"scheduler",
                    "interactedBy":"ada","interactedElementId":"book","schedulerData":{"duration":30,"meetStartAt":"2026-11-24T10:30:00Z","messageId":\#(id),
                    "conversationId":"ada_user_comet-bot","senderId":"ada"}}}
                    """#
                #expect(try await http.send(.POST, "v3/actions", body: apiBody, apiKey: nil).status == 200)
                #expect(try await http.interact(id, "book").status == 200)
                try await probe.wait { frames in frames.contains { $0.body?["data"]?["text"] == "Booked tuesday 10:30." } }

                _ = try await http.sentID("offer", from: "ada")
                let offered = try await probe.wait { frames in frames.contains { $0.messageKind == "interactive/card" } }
                guard case .number(let card)? = offered.first(where: { $0.messageKind == "interactive/card" })?.body?["id"] else { return }
                // A card button keeps its own action: nothing injected.
                #expect(try await http.interact(Int(card), "buy").status == 200)
                #expect(try await http.interact(Int(card), "buy").status == 200)
                try await probe.wait { frames in frames.filter { $0.body?["data"]?["text"] == "Bought." }.count == 2 }
            }
            let completions = outcome.frames.filter { $0.type == "interaction_completed" }
            #expect(completions.count == 2, "\(outcome.frames.map(\.summary))")
            let card = try #require(outcome.frames.first { $0.messageKind == "interactive/card" })
            #expect(card.body?["data"]?["interactiveData"]?["cardActions"]?.at(0)?["action"]?["actionType"] == "urlNavigation")
        }
    }
}
