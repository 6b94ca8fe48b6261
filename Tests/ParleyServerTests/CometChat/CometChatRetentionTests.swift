import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel
import ParleySimulator
import ParleyTesting
import Testing

@testable import ParleyServer

/// `parley serve --protocol cometchat` forgets conversations and users (issue 20): before, a
/// server left running kept every message, conversation, auth token and JWT it ever had.
@Suite("CometChat server: retention")
struct CometChatRetentionTests {
    /// The test script's answer to "hello" (its fallback) without its other rules: the same play,
    /// kept the same way, with no rules to try first, so 100,000 conversations cost less.
    static let fallbackOnly = #"""
        agent: { id: comet, name: Comet Bot }
        timing: { chunks: 2 }
        fallback:
          play: [run_started, reply: "Sorry?", run_finished]
        """#

    /// A hub on `clock`, its pool running for the duration of `body`.
    static func withHub<Value: Sendable>(
        clock: ManualClock, retention: ConversationRetention = ConversationRetention(), script: AgentScript? = nil,
        _ body: @Sendable (CometChatHub) async throws -> Value
    ) async throws -> Value {
        let pool = PolyAITaskPool()
        let running = Task { try await pool.run() }
        defer { running.cancel() }
        let hub = CometChatHub(
            script: try script ?? CometChatTestServer.parsed(), options: CometChatServerOptions(retention: retention), clock: clock, pool: pool,
            logger: Logger(label: "cometchat-retention-test"))
        return try await body(hub)
    }

    /// One user's conversation with the agent: a token, a JWT, a message the agent answers.
    static func converse(_ hub: CometChatHub, as user: String) async -> (token: String, messageID: Int) {
        let token = await hub.issueToken(for: user)
        _ = await hub.issueJWT(for: user)
        let sent = await hub.send(CometChatSendRequest(address: .user(await hub.agentUID), text: "hello", muid: nil), from: user)
        guard case .number(let id)? = sent["id"] else { return (token, 0) }
        return (token, Int(id))
    }

    // Ten times the capacity, with a capacity of 1,000 rather than the default 10,000: the hub's
    // bookkeeping is the same at any size, and RetentionLedgerTests holds the ledger itself to its
    // bound over 100,000 keys. At the default size this one test was 18 s of CPU in a debug build.
    @Test("after ten times its capacity of users (10,000 over 1,000) each talking to the agent, the hub keeps its capacity of each, the newest, and no more")
    func boundedOverManyConversations() async throws {
        let clock = ManualClock()
        let script = try AgentScriptParser.parse(text: Self.fallbackOnly, path: "comet.agent.yaml").get()
        let retention = ConversationRetention(capacity: 1_000)
        try await Self.withHub(clock: clock, retention: retention, script: script) { hub in
            var first = (token: "", messageID: 0)
            var last = first
            for index in 0..<10_000 {
                last = await Self.converse(hub, as: "user-\(index)")
                if index == 0 { first = last }
                clock.advance(by: .milliseconds(5))
            }
            let counts = await hub.keptCounts
            #expect(counts.conversations <= 1_000 && counts.users <= 1_000)
            // Per conversation: a user's message and the agent's answers; per user: a token and a JWT.
            let entries = await hub.keptEntries
            #expect(entries <= 1_000 * 16, "\(entries) entries kept")
            #expect(await hub.user(ofToken: last.token) == "user-9999")
            #expect(await hub.user(ofToken: first.token) == nil)
            #expect(await hub.list("user-0_user_comet-bot").isEmpty)
            #expect(await hub.list("comet-bot_user_user-9999").isEmpty == false)
        }
    }

    @Test("a conversation and a user idle past the limit are forgotten: the message 404s, the token is unknown")
    func idleExpires() async throws {
        let clock = ManualClock()
        try await Self.withHub(clock: clock, retention: ConversationRetention(idleLimit: .seconds(3600))) { hub in
            let (token, messageID) = await Self.converse(hub, as: "ada")
            #expect(await hub.user(ofToken: token) == "ada")
            clock.advance(by: .seconds(2 * 3600))
            _ = await Self.converse(hub, as: "bob")
            #expect(await hub.user(ofToken: token) == nil)
            let interacted = await hub.interact(messageID: String(messageID), user: "ada", elements: ["x"])
            #expect(interacted == .failure(.messageNotFound(String(messageID))))
            let counts = await hub.keptCounts
            #expect(counts.users == 1 && counts.conversations == 1)
        }
    }

    @Test("over the wire: a forgotten user's auth token is 401 AUTH_ERR_AUTH_TOKEN_NOT_FOUND, a forgotten conversation lists empty")
    func forgottenOverTheWire() async throws {
        let options = CometChatServerOptions(retention: ConversationRetention(capacity: 1))
        try await CometChatTestServer.with(options: options) { http, _, _ in
            let adaToken = try await http.token(for: "ada")
            _ = try await http.sentID("hello", from: "ada")
            #expect(try await http.messages("v3/users/comet-bot/messages", as: "ada").isEmpty == false)
            _ = try await http.token(for: "bob")
            _ = try await http.sentID("hello", from: "bob")
            #expect(try await http.messages("v3/users/comet-bot/messages", as: "ada").isEmpty)
            var request = HTTPClientRequest(url: URL(string: "v3.0/settings", relativeTo: http.base)!.absoluteString)
            request.headers.add(name: "appid", value: "parley-app")
            request.headers.add(name: "authToken", value: adaToken)
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            let body = try JSONValue(parsing: String(buffer: try await response.body.collect(upTo: 1 << 20)))
            #expect(response.status.code == 401 && body["error"]?["code"] == "AUTH_ERR_AUTH_TOKEN_NOT_FOUND")
        }
    }
}
