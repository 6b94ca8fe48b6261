import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ParleyCore
import ParleyModel

/// The REST API (wire contract, "REST"), under `/v3`: auth tokens, sending a text message,
/// marking an interaction, the message lists (paged by `id`, `affix` and `limit`), and
/// `POST /actions` standing in for the app backend that apiAction buttons call. Under `/v3.0`, the
/// client API's login (`PUT /me`) and settings (`GET /settings`), as the SDK calls them. Every request is recorded first, and every failure is
/// `{"error": {"code", "message"}}`.
struct CometChatRestResponder: Sendable {
    let hub: CometChatHub
    let options: CometChatServerOptions
    let log: CometChatRequestLog

    /// The largest body read; CometChat's own limit is 65 KB.
    static let maximumBody = 1 << 20

    /// The routes; anything else is a 404 in CometChat's error shape.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: CometChatRecorder(log: log))
        router.post("/v3/users/:uid/auth_tokens") { request, context in
            await respond { try await authToken(request, uid: context.parameters.require("uid")) }
        }
        router.put("/v3.0/me") { request, _ in await respond { try await me(request) } }
        router.get("/v3.0/settings") { request, _ in await respond { try await appSettings(request) } }
        router.post("/v3/messages") { request, _ in await respond { try await send(request) } }
        router.patch("/v3/messages/:id/interacted") { request, context in
            await respond { try await interacted(request, id: context.parameters.require("id")) }
        }
        router.get("/v3/users/:uid/messages") { request, context in
            await respond { try await list(request, address: .user(context.parameters.require("uid"))) }
        }
        router.get("/v3/groups/:guid/messages") { request, context in
            await respond { try await list(request, address: .group(context.parameters.require("guid"))) }
        }
        for path in ["/actions", "/v3/actions"] {
            router.post(RouterPath(path)) { request, _ in await respond { try await action(request) } }
        }
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            router.on("**", method: method) { request, _ in
                Self.error(
                    CometChatRestError(
                        status: 404, code: "ERR_NOT_FOUND",
                        message: "No endpoint \(request.method.rawValue) \(request.uri.path) here; the REST API is under /v3, the client API under /v3.0, the WebSocket at /."
                    ))
            }
        }
        return router
    }

    /// `POST /users/{uid}/auth_tokens`: a new token for the socket's auth frame.
    private func authToken(_ request: Request, uid: String) async throws(CometChatRestError) -> Response {
        try checkKey(request)
        let token = await hub.issueToken(for: uid)
        let data = JSONValue.object([
            JSONMember("uid", .string(uid)), JSONMember("authToken", .string(token)),
            JSONMember("createdAt", .number(Double(Int(Date().timeIntervalSince1970)))),
        ])
        return RESTReply.json(.ok, .object([JSONMember("data", data)]))
    }

    /// `PUT /v3.0/me` with `appid` and `authToken`: the current user, with the JWT the socket takes,
    /// the socket's channel and (unless ``CometChatServerOptions/settingsInMe`` is off) the app's settings.
    private func me(_ request: Request) async throws(CometChatRestError) -> Response {
        let (uid, token) = try await clientUser(request)
        let jwt = await hub.issueJWT(for: uid)
        var data: [JSONMember] = [
            JSONMember("uid", .string(uid)), JSONMember("name", .string(uid)), JSONMember("role", "default"), JSONMember("authToken", .string(token)),
            JSONMember("jwt", .string(jwt)), JSONMember("wsChannel", .object([JSONMember("identity", .string("\(options.appID).\(uid)"))])),
        ]
        if options.settingsInMe { data.append(JSONMember("settings", await hub.appSettings(requestHost: Self.host(request)))) }
        return RESTReply.json(.ok, .object([JSONMember("data", .object(data))]))
    }

    /// `GET /v3.0/settings` with `appid` and `authToken`: the app's settings.
    private func appSettings(_ request: Request) async throws(CometChatRestError) -> Response {
        _ = try await clientUser(request)
        return RESTReply.json(.ok, .object([JSONMember("data", await hub.appSettings(requestHost: Self.host(request)))]))
    }

    /// The client API's caller: `appid` must be this app's and `authToken` one the server issued.
    private func clientUser(_ request: Request) async throws(CometChatRestError) -> (uid: String, token: String) {
        guard RESTReply.header(request, "appid") == options.appID else {
            throw CometChatRestError(status: 401, code: "ERR_APP_NOT_FOUND", message: "The appid header does not name this app.")
        }
        guard let token = RESTReply.header(request, "authToken") else {
            throw CometChatRestError(status: 401, code: "AUTH_ERR_AUTH_TOKEN_NOT_FOUND", message: "The authToken header is missing.")
        }
        guard let uid = await hub.user(ofToken: token) else {
            // The token given is a credential: never echoed.
            throw CometChatRestError(status: 401, code: "AUTH_ERR_AUTH_TOKEN_NOT_FOUND", message: "The authToken given is not one this app issued.")
        }
        return (uid, token)
    }

    /// The host part of the request's `Host` header.
    private static func host(_ request: Request) -> String? {
        guard let authority = request.head.authority ?? RESTReply.header(request, "Host") else { return nil }
        return URLComponents(string: "http://\(authority)")?.host
    }

    /// `POST /messages`: a text message from the user, answered before the agent's run plays.
    private func send(_ request: Request) async throws(CometChatRestError) -> Response {
        let user = try actingUser(request)
        let body = await Self.body(request)
        let message = try CometChatSendRequest.read(body).get()
        let json = await hub.send(message, from: user)
        return RESTReply.json(.ok, .object([JSONMember("data", json)]))
    }

    /// `PATCH /messages/{id}/interacted` with `{"interactions": ["<elementId>", …]}`.
    private func interacted(_ request: Request, id: String) async throws(CometChatRestError) -> Response {
        let user = try actingUser(request)
        guard let body = await Self.body(request), case .object = body else { throw .badRequest("The body is not a JSON object.") }
        guard case .array(let items)? = body["interactions"], !items.isEmpty else {
            throw .badRequest("interactions is missing or empty: a list of element ids.")
        }
        let elements = items.compactMap { item -> String? in
            if case .string(let id) = item, !id.isEmpty { return id }
            return nil
        }
        guard elements.count == items.count else { throw .badRequest("interactions must hold element ids, as strings.") }
        let data = try await hub.interact(messageID: id, user: user, elements: elements).get()
        return RESTReply.json(.ok, .object([JSONMember("data", data)]))
    }

    /// `GET /users/{uid}/messages` (between the acting user and uid) or `GET /groups/{guid}/messages`.
    private func list(_ request: Request, address: CometChatAddress) async throws(CometChatRestError) -> Response {
        let user = try actingUser(request)
        var query: [String: String] = [:]
        for item in request.uri.queryParameters { query[String(item.key)] = String(item.value) }
        let page = try CometChatListPage.read(query).get()
        let messages = await hub.list(address.conversationID(from: user), page: page)
        let meta = JSONValue.object([
            JSONMember("current", .object([JSONMember("limit", .number(Double(page.limit ?? 100))), JSONMember("count", .number(Double(messages.count)))]))
        ])
        return RESTReply.json(.ok, .object([JSONMember("data", .array(messages)), JSONMember("meta", meta)]))
    }

    /// `POST /actions`: what an apiAction button sent; no apikey (it stands in for the app's own backend).
    private func action(_ request: Request) async throws(CometChatRestError) -> Response {
        guard let body = await Self.body(request), case .object = body else { throw .badRequest("The body is not a JSON object.") }
        await hub.recordAction(body)
        return RESTReply.json(.ok, .object([JSONMember("data", .object([JSONMember("received", true)]))]))
    }

    private func checkKey(_ request: Request) throws(CometChatRestError) {
        let given = RESTReply.header(request, "apikey")
        guard given == options.apiKey else { throw .apiKey(given) }
    }

    /// Checks the key, then names the user the request acts as (`onBehalfOf`).
    private func actingUser(_ request: Request) throws(CometChatRestError) -> String {
        try checkKey(request)
        guard let user = RESTReply.header(request, "onBehalfOf") else { throw .onBehalfOfMissing }
        return user
    }

    /// Answers with what `handler` returns, or the error it throws.
    private func respond(_ handler: () async throws -> Response) async -> Response {
        do {
            return try await handler()
        } catch let error as CometChatRestError {
            return Self.error(error)
        } catch {
            return Self.error(.badRequest("\(error)"))
        }
    }

    private static func body(_ request: Request) async -> JSONValue? {
        guard let bytes = try? await request.body.collect(upTo: maximumBody), bytes.readableBytes > 0 else { return nil }
        return try? JSONValue(parsing: Data(bytes.readableBytesView))
    }

    static func error(_ error: CometChatRestError) -> Response {
        RESTReply.json(HTTPResponse.Status(code: error.status), error.json)
    }
}
