import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel
import ParleyServer
import ParleySimulator

/// The agent script the CometChat tests play, and a real server per test on 127.0.0.1, port 0.
enum CometChatTestServer {
    /// One rule per thing the wire has to carry. A play that a test on a `TestClock` follows while
    /// no socket listens ends with a reply a minute on (`Much later.`): the play parks there only
    /// once the lines before it are played, so the test knows they are kept.
    static let script = #"""
        agent: { id: comet, name: Comet Bot }
        timing: { chunks: 2 }
        greeting: Hello, this greeting is never sent.
        rules:
          - id: order
            when: { text: '^order (\d+)$' }
            play:
              - run_started
              - tool_call: { id: call_lookup, name: lookup_order, args: { order: "${1}" }, result: { status: shipped } }
              - card_start: { id: card_1, execution_text: Building card }
              - card: { id: card_1, payload: { version: "1.0", body: [{ id: t1, type: text, content: Shipped }], fallbackText: Order shipped } }
              - card_end: card_1
              - reply: { text: "Order ${1} has shipped.", chunks: 2 }
              - run_finished
          - id: form
            when: { text: '^form$' }
            play:
              - run_started
              - reply: Please fill this in.
              - interactive:
                  id: contact_form
                  kind: form
                  data:
                    title: Contact
                    formFields:
                      - { elementId: name, elementType: textInput, label: Name }
                      - { elementId: email, elementType: textInput, label: Email }
                    submitElement: { elementId: submit_btn, elementType: button, buttonText: Send }
                  goal: { interactionType: anyOf, elementIds: [submit_btn] }
              - run_finished
          - id: submitted
            when: { submit: contact_form }
            play:
              - goal_completed: contact_form
              - run_started
              - reply: "Thanks ${values.name}, we will write to ${values.email}."
              - run_finished
          - id: offer
            when: { text: '^offer$' }
            play:
              - interactive:
                  id: offer_card
                  kind: card
                  data:
                    text: Half price today
                    cardActions: [{ elementId: buy, elementType: button, buttonText: Buy, action: { actionType: urlNavigation, url: "https://shop.example" } }]
                  goal: { interactionType: anyAction }
          - id: bought
            when: { click: buy }
            play: [run_started, reply: Bought., run_finished]
          - id: schedule
            when: { text: '^schedule$' }
            play:
              - run_started
              - interactive:
                  id: callback
                  kind: scheduler
                  data:
                    title: Call back
                    duration: 30
                    availability: { tuesday: ["09:00-12:00"] }
                    scheduleElement: { elementId: book, elementType: button, buttonText: Book }
                  goal: { interactionType: allOf, elementIds: [book] }
              - run_finished
          - id: scheduled
            when: { schedule: callback }
            play: [run_started, reply: "Booked ${slot.day} ${slot.time}.", run_finished]
          - id: typing
            when: { text: '^typing$' }
            play: [typing: { who: agent, state: started }, pause: 50ms, typing: { who: agent, state: stopped }, reply: Typed.]
          - id: drop
            when: { text: '^drop$' }
            play: [run_started, reply: Before the drop., fault: drop_connection, pause: 300ms, reply: After the drop., run_finished, pause: 1m, reply: Much later.]
          - id: outage
            when: { text: '^outage$' }
            play: [run_started, reply: Going down., fault: { outage: 30s }, pause: 200ms, reply: Back later., run_finished, pause: 1m, reply: Much later.]
          - id: malformed
            when: { text: '^malformed$' }
            play: [fault: malformed_frame, reply: After garbage.]
        fallback:
          play: [run_started, reply: "Sorry?", run_finished]
        """#

    /// The script, parsed; a test fails at once when it does not parse.
    static func parsed() throws -> AgentScript {
        try AgentScriptParser.parse(text: script, path: "comet.agent.yaml").get()
    }

    /// Runs `body` against a server playing the test script on `clock` (real time by default: the
    /// timings are short); the server is shut down when `body` returns or throws.
    static func with<Value: Sendable>(
        options: CometChatServerOptions = CometChatServerOptions(), clock: any MonotonicClock = SystemClock(),
        _ body: @Sendable (CometChatHTTP, URL, CometChatServer) async throws -> Value
    ) async throws -> Value {
        let server = CometChatServer(script: try parsed(), clock: clock, options: options)
        return try await server.withListening { url in try await body(CometChatHTTP(base: url), url, server) }
    }

    /// The auth frame for `token` (the JWT), as the SDK spells it.
    static func authFrame(_ token: String, appID: String = "parley-app") -> String {
        #"{"appId":"\#(appID)","type":"auth","deviceId":"d1","body":{"auth":"\#(token)","deviceId":"d1","params":{"platform":"parley","deviceId":"d1"}}}"#
    }

    /// Sends the auth frame on `probe` and waits for the answer.
    static func authenticate(_ probe: PolyAISocketProbe, token: String) async throws {
        try await probe.send(authFrame(token))
        try await probe.wait { frames in frames.contains { $0.type == "auth" } }
    }
}

/// The REST API as a client calls it, every answer kept whole.
struct CometChatHTTP: Sendable {
    /// The server's HTTP base URL, `http://127.0.0.1:<port>/`.
    let base: URL

    typealias Answer = PolyAIHTTP.Answer

    /// One request to `path` (relative to the base, `v3/messages`); `apiKey` nil leaves the header out.
    func send(
        _ method: HTTPMethod, _ path: String, body: String? = nil, onBehalfOf: String? = nil, apiKey: String? = "demo-api-key"
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: URL(string: path, relativeTo: base)!.absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let apiKey { request.headers.add(name: "apikey", value: apiKey) }
        if let onBehalfOf { request.headers.add(name: "onBehalfOf", value: onBehalfOf) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: response.status.code, headers: response.headers, body: String(buffer: bytes))
    }

    /// A new auth token for `uid`.
    func token(for uid: String) async throws -> String {
        let answer = try await send(.POST, "v3/users/\(uid)/auth_tokens", body: "{}")
        guard answer.status == 200, case .string(let token)? = answer.json?["data"]?["authToken"] else {
            throw PolyAITestError("auth_tokens answered \(answer.status): \(answer.body)")
        }
        return token
    }

    /// `PUT /v3.0/me` with a new auth token for `uid`: the whole answer.
    func me(for uid: String, appID: String = "parley-app", apiKey: String = "demo-api-key") async throws -> Answer {
        let token = try await send(.POST, "v3/users/\(uid)/auth_tokens", body: "{}", apiKey: apiKey)
        guard token.status == 200, case .string(let authToken)? = token.json?["data"]?["authToken"] else {
            throw PolyAITestError("auth_tokens answered \(token.status): \(token.body)")
        }
        var request = HTTPClientRequest(url: URL(string: "v3.0/me", relativeTo: base)!.absoluteString)
        request.method = .PUT
        request.headers.add(name: "appid", value: appID)
        request.headers.add(name: "authToken", value: authToken)
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "platform=test&deviceId=d1"))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: response.status.code, headers: response.headers, body: String(buffer: bytes))
    }

    /// The JWT the socket authenticates with, for `uid` (auth token, then `PUT /v3.0/me`, as the SDK logs in).
    func jwt(for uid: String, appID: String = "parley-app", apiKey: String = "demo-api-key") async throws -> String {
        let answer = try await me(for: uid, appID: appID, apiKey: apiKey)
        guard answer.status == 200, case .string(let jwt)? = answer.json?["data"]?["jwt"] else {
            throw PolyAITestError("PUT /v3.0/me answered \(answer.status): \(answer.body)")
        }
        return jwt
    }

    /// `POST /v3/messages`: a text message from `user`.
    func sendText(_ text: String, from user: String, to receiver: String = "comet-bot", type: String = "user") async throws -> Answer {
        let body = JSONValue.object([
            JSONMember("receiver", .string(receiver)), JSONMember("receiverType", .string(type)), JSONMember("category", "message"),
            JSONMember("type", "text"), JSONMember("data", .object([JSONMember("text", .string(text))])), JSONMember("muid", "client-1"),
        ])
        return try await send(.POST, "v3/messages", body: body.serialized(), onBehalfOf: user)
    }

    /// The id of a message the server took, or a failed expectation's error.
    func sentID(_ text: String, from user: String, to receiver: String = "comet-bot", type: String = "user") async throws -> Int {
        let answer = try await sendText(text, from: user, to: receiver, type: type)
        guard answer.status == 200, case .number(let id)? = answer.json?["data"]?["id"] else {
            throw PolyAITestError("POST /messages answered \(answer.status): \(answer.body)")
        }
        return Int(id)
    }

    /// `PATCH /v3/messages/{id}/interacted` with one element.
    func interact(_ id: Int, _ element: String, as user: String = "ada") async throws -> Answer {
        try await send(.PATCH, "v3/messages/\(id)/interacted", body: #"{"interactions":["\#(element)"]}"#, onBehalfOf: user)
    }

    /// A message list (`v3/users/comet-bot/messages`, `v3/groups/team/messages`).
    func messages(_ path: String, as user: String = "ada") async throws -> [JSONValue] {
        let answer = try await send(.GET, path, onBehalfOf: user)
        guard answer.status == 200, case .array(let items)? = answer.json?["data"] else {
            throw PolyAITestError("GET \(path) answered \(answer.status): \(answer.body)")
        }
        return items
    }
}

extension PolyAIHTTP.Answer {
    /// `error.code` of a CometChat error body.
    var errorCode: String? {
        if case .string(let code)? = json?["error"]?["code"] { return code }
        return nil
    }

    /// `error.message` of a CometChat error body.
    var errorMessage: String? {
        if case .string(let text)? = json?["error"]?["message"] { return text }
        return nil
    }
}

extension PolyAIFrame {
    /// `body` of a CometChat frame.
    var body: JSONValue? { json?["body"] }
    /// `body.type` of a `streamed_message` frame.
    var event: String? { type == "streamed_message" ? body?["type"].flatMap(Self.string) : nil }
    /// `body.category` and `body.type` of a `message` frame: `agentic/assistant`, `message/text`.
    var messageKind: String? {
        guard type == "message", case .string(let category)? = body?["category"], case .string(let kind)? = body?["type"] else { return nil }
        return "\(category)/\(kind)"
    }
    /// `event` for streamed events, `messageKind` for messages, `type` for the rest.
    var summary: String { event ?? messageKind ?? type ?? description }
}

extension JSONValue {
    /// The item at `index` of an array, or nil.
    func at(_ index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
