import ParleyPolyAI
import Testing

/// The reconnect counters of a PolyAI session, with no socket: each ending in, a decision out.
@Suite("polyai reconnect ladder")
struct ReconnectLadderTests {
    let policy = ReconnectPolicy(maxAttempts: 3)

    @Test("drops back off 1s, 2s, 4s with the jitter applied, and the cap gives up naming the last ending")
    func backoffAndCap() {
        var ladder = ReconnectLadder()
        #expect(ladder.next(after: .dropped, worked: .seconds(1), policy: policy, jitter: 1) == .reconnect(attempt: 1, delay: .seconds(1)))
        #expect(ladder.next(after: .unreachable("the socket at ws://x/ws did not open within 1s"), worked: nil, policy: policy, jitter: 1.2)
            == .reconnect(attempt: 2, delay: .milliseconds(2400)))
        #expect(ladder.next(after: .closed(code: 1011, reason: ""), worked: nil, policy: policy, jitter: 0.8) == .reconnect(attempt: 3, delay: .milliseconds(3200)))
        #expect(ladder.next(after: .closed(code: 1011, reason: "oops"), worked: nil, policy: policy, jitter: 1)
            == .giveUp(#"gave up reconnecting after 3 attempts (last: closed with 1011 "oops")"#))
    }

    @Test("a socket that worked 30s starts the counters over; one that dropped sooner does not")
    func healthyResets() {
        var ladder = ReconnectLadder()
        _ = ladder.next(after: .dropped, worked: .seconds(1), policy: policy, jitter: 1)
        _ = ladder.next(after: .dropped, worked: .seconds(29), policy: policy, jitter: 1)
        #expect(ladder.attempt == 2)
        #expect(ladder.next(after: .dropped, worked: .seconds(30), policy: policy, jitter: 1) == .reconnect(attempt: 1, delay: .seconds(1)))
    }

    @Test("a refused handshake refreshes the token for the same session; a second refusal or 4001 starts a new one; a fourth gives up")
    func refreshes() {
        var ladder = ReconnectLadder()
        let refused = ReconnectPolicy.Ending.refused("the WebSocket upgrade was answered 401 Unauthorized")
        #expect(ladder.next(after: refused, worked: nil, policy: policy, jitter: 1) == .refresh(attempt: 1, delay: .seconds(1), sameSession: true))
        #expect(ladder.next(after: refused, worked: nil, policy: policy, jitter: 1) == .refresh(attempt: 2, delay: .seconds(2), sameSession: false))
        #expect(ladder.next(after: .closed(code: 4001, reason: "session not found"), worked: .seconds(2), policy: policy, jitter: 1)
            == .refresh(attempt: 3, delay: .seconds(4), sameSession: false))
        #expect(ladder.next(after: refused, worked: nil, policy: policy, jitter: 1)
            == .giveUp("PolyAI rejected the session 4 times in a row (last: the WebSocket upgrade was answered 401 Unauthorized)"))
    }

    @Test("4001 first is a new session at once; a clean close ends; no limit when the cap is 0")
    func endingsAndNoCap() {
        var ladder = ReconnectLadder()
        #expect(ladder.next(after: .closed(code: 4001, reason: ""), worked: .seconds(3), policy: policy, jitter: 1)
            == .refresh(attempt: 1, delay: .seconds(1), sameSession: false))
        #expect(ladder.next(after: .closed(code: 1000, reason: ""), worked: .seconds(3), policy: policy, jitter: 1) == .end)
        var unlimited = ReconnectLadder()
        var last = ReconnectLadder.Decision.end
        for _ in 1...50 { last = unlimited.next(after: .dropped, worked: nil, policy: ReconnectPolicy(maxAttempts: 0), jitter: 1) }
        #expect(last == .reconnect(attempt: 50, delay: .seconds(30)))
    }
}
