import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel
import ParleyServer
import Testing

/// The server's side of the SDK's login and link, on 127.0.0.1: `PUT /v3.0/me`, `GET /v3.0/settings`,
/// the socket at the root path, pings left unanswered on purpose, and the message list's paging.
@Suite("CometChat server: login, settings, paging")
struct CometChatLoginTests {
    @Test("PUT /v3.0/me gives the JWT, the channel and settings naming this host and port; GET /v3.0/settings the same settings")
    func me() async throws {
        try await CometChatTestServer.with { http, base, _ in
            let answer = try await http.me(for: "ada")
            #expect(answer.status == 200, "\(answer.body)")
            let data = try #require(answer.json?["data"])
            #expect(data["uid"] == "ada")
            guard case .string(let jwt)? = data["jwt"], case .string(let token)? = data["authToken"] else {
                Issue.record("no jwt or authToken: \(answer.body)")
                return
            }
            #expect(!jwt.isEmpty && jwt != token)
            // Each random part: a fresh UUID's 32 lowercase hex digits.
            let hex = { (part: Substring) in part.count == 32 && part.allSatisfy { "0123456789abcdef".contains($0) } }
            #expect(token.hasPrefix("ada_") && hex(token.dropFirst(4)), "\(token)")
            let parts = jwt.dropFirst(3).split(separator: ".", omittingEmptySubsequences: false)
            #expect(jwt.hasPrefix("eyJ") && parts.count == 3 && parts.allSatisfy(hex), "\(jwt)")
            #expect(data["wsChannel"]?["identity"] != nil)
            let port = try #require(base.port)
            #expect(data["settings"]?["CHAT_HOST"] == "127.0.0.1")
            #expect(data["settings"]?["CHAT_WSS_PORT"] == .string(String(port)))

            var request = HTTPClientRequest(url: URL(string: "v3.0/settings", relativeTo: base)!.absoluteString)
            request.headers.add(name: "appid", value: "parley-app")
            request.headers.add(name: "authToken", value: token)
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(response.status.code == 200)
            let settings = try JSONValue(parsing: String(buffer: try await response.body.collect(upTo: 1 << 20)))
            #expect(settings["data"] == data["settings"])
        }
    }

    @Test("/v3.0/me refuses another app's id and a token it did not issue, naming neither token")
    func refusals() async throws {
        try await CometChatTestServer.with { http, _, _ in
            let other = try await http.me(for: "ada", appID: "other-app")
            #expect(other.status == 401 && other.errorCode == "ERR_APP_NOT_FOUND", "\(other.body)")
            let made = try await http.send(.PUT, "v3.0/me", apiKey: nil)
            #expect(made.status == 401, "\(made.body)")
        }
    }

    @Test("settingsInMe off: /v3.0/me carries no settings")
    func noSettingsInMe() async throws {
        try await CometChatTestServer.with(options: CometChatServerOptions(settingsInMe: false)) { http, _, _ in
            let answer = try await http.me(for: "ada")
            #expect(answer.json?["data"]?["jwt"] != nil && answer.json?["data"]?["settings"] == nil, "\(answer.body)")
        }
    }

    @Test("unansweredPings: the first ping gets no pong, the next does")
    func unansweredPings() async throws {
        try await CometChatTestServer.with(options: CometChatServerOptions(unansweredPings: 1)) { http, base, _ in
            let jwt = try await http.jwt(for: "ada")
            let outcome = try await PolyAISocketProbe.connect(CometChatServer.webSocketURL(for: base).absoluteString) { probe in
                try await CometChatTestServer.authenticate(probe, token: jwt)
                try await probe.send(#"{"action":"ping","ack":true}"#)
                try await probe.send(#"{"action":"ping","ack":"true"}"#)
                try await probe.wait { $0.count >= 2 }
            }
            #expect(outcome.frames.filter { $0.json?["action"] == "pong" }.count == 1)
        }
    }

    @Test("the message list pages by id and affix: after a message (append), before it (prepend), at most limit")
    func paging() async throws {
        try await CometChatTestServer.with { http, _, _ in
            var ids: [Int] = []
            for text in ["one", "two", "three"] { ids.append(try await http.sentID(text, from: "ada", to: "carol")) }
            let after = try await http.messages("v3/users/carol/messages?id=\(ids[0])&affix=append&limit=100")
            #expect(after.map { $0["data"]?["text"] } == ["two", "three"])
            let limited = try await http.messages("v3/users/carol/messages?id=\(ids[0])&affix=append&limit=1")
            #expect(limited.map { $0["data"]?["text"] } == ["two"])
            let before = try await http.messages("v3/users/carol/messages?id=\(ids[2])&affix=prepend")
            #expect(before.map { $0["data"]?["text"] } == ["one", "two"])
            let wrong = try await http.send(.GET, "v3/users/carol/messages?affix=sideways", onBehalfOf: "ada")
            #expect(wrong.status == 400, "\(wrong.body)")
        }
    }
}
