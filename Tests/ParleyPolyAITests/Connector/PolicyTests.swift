import Foundation
import ParleyPolyAI
import Testing

@Suite("polyai REST retries, tokens and reconnects")
struct PolicyTests {
    let rest = RestRetryPolicy()

    @Test("REST: 2xx succeeds, 429 waits Retry-After (5 s default, 30 s cap), 5xx waits 1 s, other 4xx fail at once, 4 attempts")
    func restRules() {
        #expect(rest.decide(.status(200, retryAfter: nil), attempt: 1) == .success)
        #expect(rest.decide(.status(429, retryAfter: "2"), attempt: 1) == .retry(after: .seconds(2)))
        #expect(rest.decide(.status(429, retryAfter: nil), attempt: 1) == .retry(after: .seconds(5)))
        #expect(rest.decide(.status(429, retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT"), attempt: 2) == .retry(after: .seconds(5)))
        #expect(rest.decide(.status(429, retryAfter: "120"), attempt: 3) == .retry(after: .seconds(30)))
        #expect(rest.decide(.status(429, retryAfter: "1"), attempt: 4) == .fail(reason: "HTTP 429 rate limited after 4 attempts", status: 429))
        #expect(rest.decide(.status(503, retryAfter: nil), attempt: 3) == .retry(after: .seconds(1)))
        #expect(rest.decide(.status(503, retryAfter: nil), attempt: 4) == .fail(reason: "HTTP 503 after 4 attempts", status: 503))
        #expect(rest.decide(.status(401, retryAfter: nil), attempt: 1) == .fail(reason: "HTTP 401", status: 401))
        #expect(rest.decide(.status(400, retryAfter: nil), attempt: 1) == .fail(reason: "HTTP 400", status: 400))
        #expect(rest.decide(.networkError("connection refused"), attempt: 1) == .retry(after: .seconds(1)))
        #expect(rest.decide(.networkError("connection refused"), attempt: 4) == .fail(reason: "connection refused after 4 attempts", status: nil))
    }

    func jwt(_ claims: String) -> String {
        let encode = { (text: String) in
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
        }
        return "\(encode(#"{"alg":"none"}"#)).\(encode(claims))."
    }

    @Test("tokens: no exp never expires, exp with 5 s skew and a margin, malformed or non-numeric exp must be replaced")
    func tokens() {
        #expect(!AccessToken(jwt("{}")).needsRefresh(now: 4e9, margin: 300))
        let expiring = AccessToken(jwt(#"{"exp":1000,"sub":"u"}"#))
        #expect(expiring.expiresAt == 1000)
        #expect(!expiring.needsRefresh(now: 1004, margin: 0))
        #expect(expiring.needsRefresh(now: 1005, margin: 0))
        #expect(expiring.needsRefresh(now: 800, margin: 300))
        #expect(AccessToken("not-a-jwt").needsRefresh(now: 0, margin: 0))
        #expect(AccessToken(jwt(#"{"exp":"soon"}"#)).needsRefresh(now: 0, margin: 0))
    }

    @Test("closes: 1000 ends, 4001 refreshes, a refused handshake refreshes, drops and other codes reconnect")
    func closeCodes() {
        let policy = ReconnectPolicy()
        #expect(policy.action(for: .closed(code: 1000, reason: "")) == .end)
        #expect(policy.action(for: .closed(code: 4001, reason: "")) == .refresh)
        #expect(policy.action(for: .refused("the WebSocket upgrade at ws://host/ws was answered 401 Unauthorized")) == .refresh)
        #expect(policy.action(for: .dropped) == .reconnect)
        #expect(policy.action(for: .closed(code: 1011, reason: "")) == .reconnect)
        #expect(policy.action(for: .closed(code: 4002, reason: "")) == .reconnect)
        #expect(policy.action(for: .unreachable("connection refused")) == .reconnect)
    }

    @Test("backoff: 1, 2, 4, 8, 16, 30, 30 s with ±20 % jitter; the cap counts attempts, 0 is unlimited")
    func backoff() {
        let policy = ReconnectPolicy(maxAttempts: 3)
        #expect((1...8).map { policy.delay(attempt: $0, jitter: 1) } == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
        #expect(policy.delay(attempt: 1, jitter: 0.8) == .milliseconds(800))
        #expect(policy.delay(attempt: 6, jitter: 1.2) == .seconds(36))
        #expect(policy.delay(attempt: 2, jitter: 5) == .milliseconds(2400))
        #expect(policy.allows(attempt: 3) && !policy.allows(attempt: 4))
        #expect(ReconnectPolicy(maxAttempts: 0).allows(attempt: 1000))
    }

    @Test("the socket URL replaces the base's query: access_token, session_id, then cursor as a plain integer once positive")
    func socketURL() {
        #expect(
            PolyAISocketURL.make(base: "wss://messaging.us-1.poly.ai/ws?stale=1", token: "a.b.c", sessionID: "session_123", cursor: 12)
                == "wss://messaging.us-1.poly.ai/ws?access_token=a.b.c&session_id=session_123&cursor=12")
        #expect(PolyAISocketURL.make(base: "ws://127.0.0.1:8766/ws", token: "t", sessionID: "s", cursor: 0) == "ws://127.0.0.1:8766/ws?access_token=t&session_id=s")
    }
}
