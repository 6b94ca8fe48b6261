import Foundation
import NIOHTTP1
import ParleyCore
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// The REST handshake of a real server on 127.0.0.1: the happy path, every error body the SDK
/// matches, scripted faults and token expiry.
@Suite("PolyAI server: REST")
struct PolyAIRestTests {
    @Test("access-token returns a JWT-shaped token with exp and sub, expires_in and Bearer; sessions returns a session id")
    func handshake() async throws {
        try await PolyAITestServer.with { http, _ in
            let answer = try await http.accessToken()
            #expect(answer.status == 200)
            #expect(answer.headers.first(name: "content-type") == "application/json")
            guard case .string(let token)? = answer.json?["access_token"] else {
                Issue.record("no access_token in \(answer.body)")
                return
            }
            #expect(answer.json?["expires_in"] == .number(3600))
            #expect(answer.json?["token_type"] == "Bearer")
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty })
            let claims = try #require(Self.claims(of: token))
            #expect(claims["sub"] != nil)
            if case .number(let exp)? = claims["exp"] {
                #expect(abs(exp - Date().timeIntervalSince1970 - 3600) < 5)
            } else {
                Issue.record("exp is not a number: \(claims)")
            }
            // Each call mints a new user.
            let second = try await http.token()
            #expect(Self.claims(of: second)?["sub"] != claims["sub"])

            let session = try await http.sessions(authorization: "Bearer \(token)")
            #expect(session.status == 200)
            guard case .string(let id)? = session.json?["session_id"] else {
                Issue.record("no session_id in \(session.body)")
                return
            }
            #expect(!id.isEmpty)
            // No body at all is fine too.
            #expect(try await http.sessions(authorization: "Bearer \(token)", body: nil).status == 200)
        }
    }

    @Test("X-Host may name the connector host, a subdomain, or a URL with one, in any case")
    func hosts() async throws {
        try await PolyAITestServer.with { http, _ in
            for host in ["parley.example", "app.parley.example", "https://App.Parley.Example/", "PARLEY.EXAMPLE"] {
                #expect(try await http.accessToken(host: host).status == 200, "\(host)")
            }
            for host in ["example", "notparley.example", "parley.example.evil", "https://other.example/"] {
                let answer = try await http.accessToken(host: host)
                #expect(answer.status == 401, "\(host)")
                #expect(answer.message == "Failed to validate connector")
            }
        }
    }

    @Test("every refusal has PolyAI's status and message")
    func errorBodies() async throws {
        try await PolyAITestServer.with(options: PolyAIServerOptions(connectorToken: "secret", connectorHost: "shop.example")) { http, _ in
            for (token, host) in [(nil, "shop.example"), ("secret", nil), (nil, nil), ("", "shop.example")] as [(String?, String?)] {
                let answer = try await http.accessToken(token: token, host: host)
                #expect(answer.status == 401)
                #expect(answer.body == #"{"message":"Missing authentication headers"}"#)
            }
            for (token, host) in [("wrong", "shop.example"), ("secret", "parley.example")] {
                let answer = try await http.accessToken(token: token, host: host)
                #expect(answer.status == 401)
                #expect(answer.body == #"{"message":"Failed to validate connector"}"#)
            }
            let token = try await http.token(connector: "secret", host: "shop.example")
            for header in [nil, "Basic abc", "Bearer ", "Bearer"] as [String?] {
                let answer = try await http.sessions(authorization: header)
                #expect(answer.status == 400, "\(header ?? "none")")
                #expect(answer.body == #"{"message":"Missing access token"}"#)
            }
            let unknown = try await http.sessions(authorization: "Bearer not.a.token")
            #expect(unknown.status == 401)
            #expect(unknown.message == "Invalid or expired access token")
            for body in ["not json", "[1]", #"{"streaming_enabled":"yes"}"#] {
                let answer = try await http.sessions(authorization: "Bearer \(token)", body: body)
                #expect(answer.status == 400, "\(body)")
                #expect(answer.body == #"{"message":"Error parsing request"}"#)
            }
        }
    }

    @Test("rest faults: 429 with Retry-After 1 and 5xx for the first COUNT requests, then served; one after another per endpoint")
    func restFaults() async throws {
        let faults = [
            PolyAIRestFault(endpoint: .accessToken, status: 429, count: 2), PolyAIRestFault(endpoint: .accessToken, status: 503),
            PolyAIRestFault(endpoint: .sessions, status: 500, count: 1),
        ]
        try await PolyAITestServer.with(options: PolyAIServerOptions(restFaults: faults)) { http, _ in
            var statuses: [UInt] = []
            for _ in 0..<4 {
                let answer = try await http.accessToken()
                statuses.append(answer.status)
                if answer.status == 429 {
                    #expect(answer.headers.first(name: "retry-after") == "1")
                    #expect(answer.message == "Too Many Requests (scripted fault)")
                } else {
                    #expect(answer.headers.first(name: "retry-after") == nil)
                }
            }
            #expect(statuses == [429, 429, 503, 200])
            // A faulted request is not checked at all: even a good one fails.
            let token = try await http.token()
            let failed = try await http.sessions(authorization: "Bearer \(token)")
            #expect(failed.status == 500)
            #expect(failed.message == "Internal Server Error (scripted fault)")
            #expect(failed.headers.first(name: "retry-after") == nil)
            #expect(try await http.sessions(authorization: "Bearer \(token)").status == 200)
        }
    }

    @Test("rest fault arguments read as the command line writes them")
    func restFaultArguments() {
        #expect(PolyAIRestFault(argument: "access-token:429") == PolyAIRestFault(endpoint: .accessToken, status: 429, count: 1))
        #expect(PolyAIRestFault(argument: "sessions:503:3") == PolyAIRestFault(endpoint: .sessions, status: 503, count: 3))
        for bad in ["sessions", "session:500", "sessions:200", "sessions:abc", "sessions:500:0", "sessions:500:1:2", "access_token:429"] {
            #expect(PolyAIRestFault(argument: bad) == nil, "\(bad)")
        }
    }

    @Test("a token expires after tokenLifetime: sessions answers 401 and the socket upgrade is refused")
    func tokenExpiry() async throws {
        // Lifetimes are measured on the server's clock: virtual time, which moves only here.
        let clock = TestClock()
        try await PolyAITestServer.with(options: PolyAIServerOptions(tokenLifetime: .seconds(10)), clock: clock) { http, base in
            let answer = try await http.accessToken()
            #expect(answer.json?["expires_in"] == .number(10))
            let (token, session) = try await http.handshake()
            // The last moment of its life, the token still creates a session.
            clock.advance(to: .seconds(10) - .milliseconds(1))
            #expect(try await http.sessions(authorization: "Bearer \(token)").status == 200)
            clock.advance(to: .seconds(10))
            let late = try await http.sessions(authorization: "Bearer \(token)")
            #expect(late.status == 401)
            #expect(late.message == "Invalid or expired access token")
            let upgrade = try await http.upgrade("ws?access_token=\(token)&session_id=\(session)")
            #expect(upgrade.status == 401)
            await #expect(throws: (any Error).self) {
                _ = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { _ in }
            }
            // A fresh token opens the same session: tokens are not tied to sessions.
            let fresh = try await http.token()
            let reopened = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: fresh, session: session)) { probe in
                try await probe.wait(for: "EVENT_BATCH")
            }
            #expect(reopened.frames.first?.batched.map(\.type) == ["EVENT_TYPE_SESSION_START"])
        }
    }

    /// The JWT's payload.
    static func claims(of token: String) -> JSONValue? {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return try? JSONValue(parsing: data)
    }
}

extension PolyAIHTTP {
    /// A token from a server with other connector credentials.
    func token(connector: String, host: String) async throws -> String {
        let answer = try await accessToken(token: connector, host: host)
        guard case .string(let token)? = answer.json?["access_token"] else { throw PolyAITestError("no token: \(answer.body)") }
        return token
    }
}
