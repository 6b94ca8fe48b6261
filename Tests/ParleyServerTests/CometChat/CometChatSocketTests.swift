import Foundation
import HummingbirdWSClient
import NIOWebSocket
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// The realtime socket of a real server on 127.0.0.1: auth, keep-alive, and a run streamed to the
/// user's socket followed by its persisted messages, in order.
@Suite("CometChat server: socket")
struct CometChatSocketTests {
    @Test("auth: a JWT the server issued is answered code \"200\" OK and a ping with ack gets pong; a bad token or an auth token \"401\" then close 1008")
    func auth() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let url = CometChatServer.webSocketURL(for: base).absoluteString
            let token = try await http.jwt(for: "ada")
            let good = try await PolyAISocketProbe.connect(url) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                try await probe.send(#"{"action":"ping","ack":true}"#)
                try await probe.wait { $0.count >= 2 }
            }
            try #require(good.frames.count == 2)
            #expect(good.frames[0].json == JSONValue.object([JSONMember("type", "auth"), JSONMember("body", .object([JSONMember("code", "200"), JSONMember("status", "OK")]))]).sorted)
            #expect(good.frames[1].json == .object([JSONMember("action", "pong")]))

            let authToken = try await http.token(for: "ada")
            for frame in [
                CometChatTestServer.authFrame("made-up"), CometChatTestServer.authFrame(token, appID: "other-app"), CometChatTestServer.authFrame(authToken),
            ] {
                let bad = try await PolyAISocketProbe.connect(url) { probe in
                    try await probe.send(frame)
                    try await probe.waitForEnd()
                }
                let reply = try #require(bad.frames.first)
                #expect(bad.frames.count == 1)
                #expect(reply.type == "auth" && reply.body?["code"] == "401" && reply.body?["status"] == "ERROR")
                #expect(reply.body?["message"].map(Interpolation.text)?.isEmpty == false)
                #expect(bad.close?.closeCode == .policyViolation)
            }
            // Anything before the auth frame closes the socket.
            let early = try await PolyAISocketProbe.connect(url) { probe in
                try await probe.send(#"{"action":"ping"}"#)
                try await probe.waitForEnd()
            }
            #expect(early.frames.isEmpty)
            #expect(early.close?.closeCode == .policyViolation)
        }
    }

    @Test("a message to the agent: the run streams on the user's socket in order, then tool-arguments, tool-result and the assistant message with its card")
    func run() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let token = try await http.jwt(for: "ada")
            let outcome = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                let id = try await http.sentID("order 42", from: "ada")
                #expect(id == 1)
                try await probe.wait { frames in frames.contains { $0.messageKind == "agentic/assistant" } }
            }
            let frames = Array(outcome.frames.dropFirst())
            #expect(
                frames.map(\.summary) == [
                    "run_started", "tool_call_start", "tool_call_args", "tool_call_end", "tool_call_result", "card_start", "card", "card_end",
                    "text_message_start", "text_message_content", "text_message_content", "text_message_end", "run_finished",
                    "agentic/tool-arguments", "agentic/tool-result", "agentic/assistant",
                ])
            try #require(frames.count == 16)
            // Every frame: the envelope, from the agent to the user.
            for frame in frames {
                #expect(frame.json?["appId"] == "parley-app" && frame.json?["deviceId"] == "parley-server", "\(frame)")
                #expect(frame.json?["receiver"] == "ada" && frame.json?["receiverType"] == "user" && frame.json?["sender"] == "comet-bot", "\(frame)")
            }
            // Streamed events: the run id is the user's message id, the thread the conversation.
            for frame in frames.prefix(13) {
                #expect(frame.type == "streamed_message")
                #expect(frame.body?["id"] == 1 && frame.body?["conversationId"] == "ada_user_comet-bot" && frame.body?["parentId"] == "")
                #expect(frame.body?["data"]?["runId"] == 1 && frame.body?["data"]?["threadId"] == "ada_user_comet-bot")
            }
            #expect(frames[3].body?["data"]?["arguments"] == #"{ "order": "42" }"#)
            #expect(frames[4].body?["data"]?["content"] == #"{"status":"shipped"}"#)
            let deltas = frames[9...10].compactMap { $0.body?["data"]?["delta"].map(Interpolation.text) }
            #expect(deltas.joined() == "Order 42 has shipped.")
            let arguments = frames[13].body
            #expect(arguments?["data"]?["toolCalls"]?.at(0)?["function"]?["name"] == "lookup_order")
            #expect(frames[14].body?["data"]?["toolCallId"] == "call_lookup")
            let assistant = try #require(frames[15].body)
            // text_message_end names the assistant message that follows run_finished.
            #expect(frames[11].body?["data"]?["messageId"] == .string(Interpolation.text(assistant["id"] ?? .null)))
            #expect(assistant["data"]?["text"] == "Order 42 has shipped." && assistant["data"]?["runId"] == 1)
            #expect(assistant["data"]?["elements"]?.at(0)?["type"] == "card" && assistant["data"]?["elements"]?.at(1)?["value"] == "Order 42 has shipped.")
            #expect(assistant["data"]?["entities"]?["sender"]?["entity"]?["role"] == "@agentic")

            // The list has the user's message and the three the run left, in the order sent.
            let kept = try await http.messages("v3/users/comet-bot/messages")
            #expect(kept.map { Interpolation.text($0["type"] ?? .null) } == ["text", "tool-arguments", "tool-result", "assistant"])
            #expect(kept.last == assistant)
        }
    }

    @Test("the agent's typing is a typing_indicator; a reply outside a run is a text message from the agent")
    func typing() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let token = try await http.jwt(for: "ada")
            let outcome = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("typing", from: "ada")
                try await probe.wait { frames in frames.contains { $0.messageKind == "message/text" } }
            }
            let frames = Array(outcome.frames.dropFirst())
            #expect(frames.map(\.summary) == ["typing_indicator", "typing_indicator", "message/text"])
            try #require(frames.count == 3)
            #expect(
                frames[0].body
                    == JSONValue.object([
                        JSONMember("sender", "comet-bot"), JSONMember("receiver", "ada"), JSONMember("receiverType", "user"),
                        JSONMember("action", "started"),
                    ]).sorted)
            #expect(frames[1].body?["action"] == "ended")
            #expect(frames[2].body?["data"]?["text"] == "Typed." && frames[2].body?["sender"] == nil)
            #expect(frames[2].body?["data"]?["entities"]?["sender"]?["entity"]?["uid"] == "comet-bot" && frames[2].json?["sender"] == "comet-bot")
        }
    }

    @Test("a group: the agent answers in the group, frames carry the guid, members see each other's messages, others nothing")
    func group() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let url = CometChatServer.webSocketURL(for: base).absoluteString
            let adaToken = try await http.jwt(for: "ada")
            let bobToken = try await http.jwt(for: "bob")
            let run = ["run_started", "text_message_start", "text_message_content", "text_message_end", "run_finished", "agentic/assistant"]
            let ada = try await PolyAISocketProbe.connect(url) { ada in
                try await CometChatTestServer.authenticate(ada, token: adaToken)
                let bob = try await PolyAISocketProbe.connect(url) { probe in
                    try await CometChatTestServer.authenticate(probe, token: bobToken)
                    // Bob has not joined: Ada's run is not his.
                    _ = try await http.sentID("hello", from: "ada", to: "team", type: "group")
                    try await ada.wait { frames in frames.contains { $0.messageKind == "agentic/assistant" } }
                    // Bob joins by sending; Ada sees his message, both see the run.
                    _ = try await http.sentID("me too", from: "bob", to: "team", type: "group")
                    try await probe.wait { frames in frames.contains { $0.messageKind == "agentic/assistant" } }
                    try await ada.wait { frames in frames.filter { $0.messageKind == "agentic/assistant" }.count == 2 }
                }
                #expect(Array(bob.frames.dropFirst()).map(\.summary) == run)
                for frame in bob.frames.dropFirst() {
                    #expect(frame.json?["receiver"] == "team" && frame.json?["receiverType"] == "group", "\(frame)")
                }
            }
            let adaFrames = Array(ada.frames.dropFirst())
            #expect(adaFrames.map(\.summary) == run + ["message/text"] + run)
            for frame in adaFrames {
                #expect(frame.json?["receiver"] == "team" && frame.json?["receiverType"] == "group", "\(frame)")
            }
            let bobsMessage = try #require(adaFrames.first { $0.messageKind == "message/text" })
            #expect(bobsMessage.json?["sender"] == "bob" && bobsMessage.body?["data"]?["text"] == "me too")
            #expect(adaFrames.first?.body?["conversationId"] == "group_team")
            let kept = try await http.messages("v3/groups/team/messages", as: "bob")
            #expect(kept.map { Interpolation.text($0["type"] ?? .null) } == ["text", "assistant", "text", "assistant"])
            #expect(kept.first?["data"]?["entities"]?["receiver"]?["entityType"] == "group")
        }
    }

    @Test("faults: malformed_frame sends text that is not JSON; drop_connection ends the socket with no close frame and the run is still kept")
    func faults() async throws {
        let clock = TestClock()
        try await CometChatTestServer.with(clock: clock) { http, base, _ in
            let url = CometChatServer.webSocketURL(for: base).absoluteString
            let token = try await http.jwt(for: "ada")
            let garbled = try await PolyAISocketProbe.connect(url) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("malformed", from: "ada")
                try await probe.wait { $0.count >= 3 }
            }
            try #require(garbled.frames.count == 3)
            #expect(garbled.frames[1].text == CometChatServer.malformedFrameText && garbled.frames[1].json == nil)
            #expect(garbled.frames[2].body?["data"]?["text"] == "After garbage.")

            let dropped = try await PolyAISocketProbe.connect(url) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("drop", from: "ada")
                try await probe.waitForEnd()
            }
            #expect(dropped.close == nil)
            #expect(dropped.frames.dropFirst().map(\.summary).last == "text_message_end")
            // The play goes on without the socket: the second reply falls due 300 ms on, and the
            // list has both replies.
            try await clock.play(to: .milliseconds(300), thenParkAt: .milliseconds(60_300))
            let texts = try await http.messages("v3/users/comet-bot/messages").filter { $0["type"] == "assistant" }.compactMap { $0["data"]?["text"].map(Interpolation.text) }
            #expect(texts == ["Before the drop.", "After the drop."])
        }
    }

    @Test("outage: the sockets drop, a socket of the user that authenticates meanwhile drops too, and one after the outage is served")
    func outage() async throws {
        // Virtual time from zero: the play (all at offset zero up to the fault) sets the outage at
        // reading zero, so it lasts until 30 s.
        let clock = TestClock()
        try await CometChatTestServer.with(clock: clock) { http, base, _ in
            let url = CometChatServer.webSocketURL(for: base).absoluteString
            let token = try await http.jwt(for: "ada")
            let first = try await PolyAISocketProbe.connect(url) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
                _ = try await http.sentID("outage", from: "ada")
                try await probe.waitForEnd()
            }
            #expect(first.close == nil)
            // "Back later." is played during the outage, 200 ms on.
            try await clock.play(to: .milliseconds(200), thenParkAt: .milliseconds(60_200))
            // The last moment of the outage: the auth frame gets no answer, the connection just ends.
            clock.advance(to: .seconds(30) - .milliseconds(1))
            let during = try await PolyAISocketProbe.connect(url) { probe in
                try await probe.send(CometChatTestServer.authFrame(token))
                try await probe.waitForEnd()
            }
            try #require(clock.now < .seconds(30), "the second socket came too late to test the outage")
            #expect(during.frames.isEmpty && during.close == nil)
            // Another user is not down.
            let bob = try await PolyAISocketProbe.connect(url) { probe in
                try await CometChatTestServer.authenticate(probe, token: try await http.jwt(for: "bob"))
            }
            #expect(bob.frames.first?.body?["code"] == "200")
            clock.advance(to: .seconds(30))
            let after = try await PolyAISocketProbe.connect(url) { probe in
                try await CometChatTestServer.authenticate(probe, token: token)
            }
            #expect(after.frames.first?.body?["code"] == "200")
            // The play went on: both replies are kept.
            let kept = try await http.messages("v3/users/comet-bot/messages").filter { $0["type"] == "assistant" }
            #expect(kept.compactMap { $0["data"]?["text"].map(Interpolation.text) } == ["Going down.", "Back later."])
        }
    }
}
