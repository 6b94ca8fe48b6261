import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ParleyCore
import ParleyModel

/// The REST half of the handshake (polyai-messaging.md 2 and 16): `POST /api/v1/access-token` and
/// `POST /api/v1/sessions`, with PolyAI's error bodies (`{"message": …}`, the strings the SDK
/// matches) and the scripted faults first.
struct PolyAIRestResponder: Sendable {
    let store: PolyAISessionStore
    let options: PolyAIServerOptions

    /// The largest body read; the SDK sends a few dozen bytes.
    static let maximumBody = 1 << 20

    /// The routes, on a router that answers anything else with 404.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/api/v1/access-token") { request, _ in await accessToken(request) }
        router.post("/api/v1/sessions") { request, _ in await sessions(request) }
        router.get("/ws") { _, _ in
            Self.message(.upgradeRequired, "Open a WebSocket here: /ws?access_token=…&session_id=…[&cursor=…]")
        }
        return router
    }

    /// `X-Token` must be the connector token and `X-Host` its host or a subdomain; the body is not read.
    func accessToken(_ request: Request) async -> Response {
        if let status = await store.restFault(.accessToken) { return Self.fault(status) }
        guard let token = RESTReply.header(request, "X-Token"), let host = RESTReply.header(request, "X-Host") else {
            return Self.message(.unauthorized, "Missing authentication headers")
        }
        guard token == options.connectorToken, Self.host(host, matches: options.connectorHost) else {
            return Self.message(.unauthorized, "Failed to validate connector")
        }
        let accessToken = await store.issueToken()
        return RESTReply.json(
            .ok,
            .object([
                JSONMember("access_token", .string(accessToken)),
                JSONMember("expires_in", .number(Double(PolyAIAccessToken.seconds(options.tokenLifetime)))),
                JSONMember("token_type", "Bearer"),
            ]))
    }

    /// `Authorization: Bearer <token>`; the body (optional) may set `streaming_enabled`, which is
    /// false when absent, as on PolyAI's servers. `platform` and `device_type` are accepted and not used.
    func sessions(_ request: Request) async -> Response {
        if let status = await store.restFault(.sessions) { return Self.fault(status) }
        guard let authorization = RESTReply.header(request, "Authorization"), authorization.hasPrefix("Bearer "),
            case let token = authorization.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces), !token.isEmpty
        else {
            return Self.message(.badRequest, "Missing access token")
        }
        guard await store.isValid(token: token) else {
            return Self.message(.unauthorized, "Invalid or expired access token")
        }
        var streaming = false
        guard let bytes = try? await request.body.collect(upTo: Self.maximumBody) else {
            return Self.message(.badRequest, "Error parsing request")
        }
        if bytes.readableBytes > 0 {
            guard let json = try? JSONValue(parsing: Data(bytes.readableBytesView)), case .object = json else {
                return Self.message(.badRequest, "Error parsing request")
            }
            switch json["streaming_enabled"] {
            case nil, .null?: break
            case .bool(let value)?: streaming = value
            case .number?, .string?, .array?, .object?:
                return Self.message(.badRequest, "Error parsing request")
            }
        }
        let id = await store.createSession(streaming: streaming)
        return RESTReply.json(.ok, .object([JSONMember("session_id", .string(id))]))
    }

    /// `given` names `registered` or a subdomain of it, bare or as a URL, in any case.
    static func host(_ given: String, matches registered: String) -> Bool {
        var name = given.trimmingCharacters(in: .whitespaces).lowercased()
        if name.contains("://"), let host = URL(string: name)?.host { name = host }
        if name.hasSuffix(".") { name.removeLast() }
        let expected = registered.lowercased()
        return !name.isEmpty && (name == expected || name.hasSuffix("." + expected))
    }

    /// A scripted failure: 429 says to retry after a second, anything else is a plain error.
    static func fault(_ status: Int) -> Response {
        let phrase: String
        switch status {
        case 429: phrase = "Too Many Requests"
        case 500: phrase = "Internal Server Error"
        case 502: phrase = "Bad Gateway"
        case 503: phrase = "Service Unavailable"
        case 504: phrase = "Gateway Timeout"
        default: phrase = "Scripted Fault"
        }
        var response = message(HTTPResponse.Status(code: status, reasonPhrase: phrase), "\(phrase) (scripted fault)")
        if status == 429 { response.headers[.retryAfter] = "1" }
        return response
    }

    /// A PolyAI error body: `{"message": …}`, the top-level string the SDK matches.
    static func message(_ status: HTTPResponse.Status, _ text: String) -> Response {
        RESTReply.json(status, .object([JSONMember("message", .string(text))]))
    }
}
