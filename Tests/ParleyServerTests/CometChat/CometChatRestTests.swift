import Foundation
import NIOHTTP1
import ParleyModel
import ParleyServer
import Testing

/// The REST API of a real server on 127.0.0.1: tokens, sending, the lists, the errors, and the
/// request log clients' tests read.
@Suite("CometChat server: REST")
struct CometChatRestTests {
    @Test("auth_tokens: a token for any uid with the right apikey; 401 without it or with another")
    func authTokens() async throws {
        try await CometChatTestServer.with { http, _, _ in
            let answer = try await http.send(.POST, "v3/users/ada/auth_tokens", body: "{}")
            #expect(answer.status == 200)
            let data = try #require(answer.json?["data"])
            #expect(data["uid"] == "ada")
            #expect(data["authToken"].map(Interpolation.text)?.isEmpty == false)
            if case .number(let created)? = data["createdAt"] {
                #expect(abs(created - Date().timeIntervalSince1970) < 60)
            } else {
                Issue.record("createdAt is not a number: \(answer.body)")
            }
            for key in [nil, "wrong-key"] {
                let refused = try await http.send(.POST, "v3/users/ada/auth_tokens", body: "{}", apiKey: key)
                #expect(refused.status == 401, "\(key ?? "no key")")
                #expect(refused.errorCode == "AUTH_ERR_APIKEY_NOT_FOUND", "\(refused.body)")
            }
        }
        // Another key, as --api-key sets it.
        try await CometChatTestServer.with(options: CometChatServerOptions(apiKey: "k2")) { http, _, _ in
            let defaultKey = try await http.send(.POST, "v3/users/ada/auth_tokens", body: "{}")
            let givenKey = try await http.send(.POST, "v3/users/ada/auth_tokens", body: "{}", apiKey: "k2")
            #expect(defaultKey.status == 401 && givenKey.status == 200)
        }
    }

    @Test("POST /messages answers the message JSON: a number id, the 1:1 conversation id, entities naming the agent as @agentic")
    func sendAnswer() async throws {
        try await CometChatTestServer.with { http, _, _ in
            let answer = try await http.sendText("hello", from: "ada")
            #expect(answer.status == 200, "\(answer.body)")
            let message = try #require(answer.json?["data"])
            #expect(message["id"] == 1)
            #expect(message["muid"] == "client-1")
            #expect(message["conversationId"] == "ada_user_comet-bot")
            // The sender only under data.entities, where the SDK reads it (its MessagePayloads have no top-level sender).
            #expect(message["sender"] == nil)
            #expect(message["data"]?["entities"]?["sender"]?["entity"]?["uid"] == "ada")
            #expect(message["receiver"] == "comet-bot" && message["receiverType"] == "user")
            #expect(message["category"] == "message" && message["type"] == "text")
            #expect(message["data"]?["text"] == "hello")
            let receiver = message["data"]?["entities"]?["receiver"]
            #expect(receiver?["entityType"] == "user")
            #expect(receiver?["entity"] == JSONValue.object([JSONMember("uid", "comet-bot"), JSONMember("name", "Comet Bot"), JSONMember("role", "@agentic")]).sorted)
            #expect(message["data"]?["entities"]?["sender"]?["entity"]?["role"] == "default")
            guard case .number(let sent)? = message["sentAt"] else {
                Issue.record("sentAt is not a number")
                return
            }
            #expect(sent == sent.rounded() && message["updatedAt"] == message["sentAt"])
            // The next message has the next id.
            #expect(try await http.sentID("again", from: "ada") > 1)
        }
    }

    @Test("bad requests: 401 before anything else, then onBehalfOf, then the body, each error naming what is wrong")
    func errors() async throws {
        try await CometChatTestServer.with { http, _, _ in
            let good = #"{"receiver":"comet-bot","receiverType":"user","category":"message","type":"text","data":{"text":"hi"}}"#
            let cases: [(String?, String?, String?, UInt, String, String)] = [
                (good, "ada", "nope", 401, "AUTH_ERR_APIKEY_NOT_FOUND", "is not this app's REST API key"),
                ("not json", "ada", nil, 401, "AUTH_ERR_APIKEY_NOT_FOUND", "missing"),
                (good, nil, "demo-api-key", 400, "ERR_ON_BEHALF_OF_MISSING", "onBehalfOf"),
                ("not json", "ada", "demo-api-key", 400, "ERR_BAD_REQUEST", "not a JSON object"),
                (#"{"receiverType":"user","category":"message","type":"text","data":{"text":"hi"}}"#, "ada", "demo-api-key", 400, "ERR_BAD_REQUEST", "receiver"),
                (#"{"receiver":"x","receiverType":"users","category":"message","type":"text","data":{"text":"hi"}}"#, "ada", "demo-api-key", 400, "ERR_BAD_REQUEST", "receiverType"),
                (#"{"receiver":"x","receiverType":"user","category":"custom","type":"text","data":{"text":"hi"}}"#, "ada", "demo-api-key", 400, "ERR_BAD_REQUEST", "category"),
                (#"{"receiver":"x","receiverType":"user","category":"message","type":"image","data":{"text":"hi"}}"#, "ada", "demo-api-key", 400, "ERR_BAD_REQUEST", "type"),
                (#"{"receiver":"x","receiverType":"user","category":"message","type":"text","data":{}}"#, "ada", "demo-api-key", 400, "ERR_BAD_REQUEST", "data.text"),
            ]
            for (body, user, key, status, code, named) in cases {
                let answer = try await http.send(.POST, "v3/messages", body: body, onBehalfOf: user, apiKey: key)
                #expect(answer.status == status, "\(body ?? "") \(answer.body)")
                #expect(answer.errorCode == code, "\(body ?? "") \(answer.body)")
                #expect(answer.errorMessage?.contains(named) == true, "\(answer.body) should name \(named)")
                // A key is a credential: the answer never repeats the one given.
                #expect(key.map { !answer.body.contains($0) } ?? true, "\(answer.body) repeats the key")
            }
            // Nothing was kept.
            #expect(try await http.messages("v3/users/comet-bot/messages").isEmpty)
            let missing = try await http.interact(99, "x")
            #expect(missing.status == 404 && missing.errorCode == "ERR_MESSAGE_NOT_FOUND", "\(missing.body)")
            let notAnID = try await http.send(.PATCH, "v3/messages/abc/interacted", body: #"{"interactions":["x"]}"#, onBehalfOf: "ada")
            #expect(notAnID.status == 404 && notAnID.errorCode == "ERR_MESSAGE_NOT_FOUND", "\(notAnID.body)")
            let noUser = try await http.send(.GET, "v3/users/comet-bot/messages")
            #expect(noUser.status == 400 && noUser.errorCode == "ERR_ON_BEHALF_OF_MISSING")
            let elsewhere = try await http.send(.GET, "v2/messages", onBehalfOf: "ada")
            #expect(elsewhere.status == 404 && elsewhere.errorMessage?.contains("/v3") == true, "\(elsewhere.body)")
        }
    }

    @Test("the request log has every request: method, path, lowercased headers and the body as JSON")
    func requestLog() async throws {
        try await CometChatTestServer.with { http, _, server in
            _ = try await http.token(for: "ada")
            _ = try await http.sendText("hello", from: "ada")
            _ = try await http.send(.POST, "v3/messages", body: "{}", onBehalfOf: "ada", apiKey: "nope")
            let requests = await server.requestLog.requests()
            try #require(requests.count == 3)
            #expect(requests[0].method == "POST" && requests[0].path == "/v3/users/ada/auth_tokens")
            #expect(requests[0].body == .object([]))
            #expect(requests[0].headers["onbehalfof"] == nil)
            let send = requests[1]
            #expect(send.method == "POST" && send.path == "/v3/messages")
            #expect(send.headers["apikey"] == "demo-api-key")
            #expect(send.headers["onbehalfof"] == "ada")
            #expect(send.headers["content-type"] == "application/json")
            #expect(send.headers["accept"] == "application/json")
            #expect(send.body?["data"]?["text"] == "hello")
            #expect(requests[2].headers["apikey"] == "nope")
            await server.requestLog.clear()
            #expect(await server.requestLog.requests().isEmpty)
        }
    }

    @Test("the URLs: REST under /v3, the client API under /v3.0, the socket at the root; the agent's uid is made from its name unless given")
    func urls() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8767/"))
        #expect(CometChatServer.restURL(for: base).absoluteString == "http://127.0.0.1:8767/v3")
        #expect(CometChatServer.webSocketURL(for: base).absoluteString == "ws://127.0.0.1:8767")
        #expect(CometChatServer.clientAPIURL(for: base).absoluteString == "http://127.0.0.1:8767/v3.0")
        #expect(CometChatServerOptions.agentUID(forName: "Demo Support") == "demo-support")
        #expect(CometChatServerOptions.agentUID(forName: "Ünï Bot 2.0") == "ünï-bot-2-0")
        let server = CometChatServer(script: try CometChatTestServer.parsed())
        #expect(server.agentUID == "comet-bot" && server.agentName == "Comet Bot")
        let named = CometChatServer(script: try CometChatTestServer.parsed(), options: CometChatServerOptions(agentUID: "agent-7", agentName: "Seven"))
        #expect(named.agentUID == "agent-7" && named.agentName == "Seven")
    }
}
