import ParleyCometChat
import ParleyModel
import Testing

/// The keep-alive and reconnection rules as pure decisions, on clock readings (no sockets, no waiting).
@Suite("cometchat keep-alive and reconnect rules")
struct CometChatKeepAliveTests {
    @Test("the SDK's timing: a ping at once, then every 15 s; a pong within 3 s")
    func sdkTiming() {
        var keepAlive = CometChatKeepAlive(timing: CometChatLinkTiming(), authenticatedAt: .seconds(100))
        #expect(keepAlive.step(at: .seconds(100)) == .ping)
        #expect(keepAlive.step(at: .seconds(100)) == .wait(until: .seconds(103)))
        keepAlive.pong()
        #expect(keepAlive.step(at: .seconds(101)) == .wait(until: .seconds(115)))
        #expect(keepAlive.step(at: .seconds(115)) == .ping)
        #expect(keepAlive.step(at: .milliseconds(117_999)) == .wait(until: .seconds(118)))
        #expect(keepAlive.step(at: .seconds(118)) == .overdue)
        #expect(CometChatKeepAlive.pingFrame == #"{"action":"ping","ack":true}"#)
    }

    @Test("a ping the next interval finds unanswered keeps the first pong deadline")
    func unansweredAcrossPings() {
        let timing = CometChatLinkTiming(pingInterval: .seconds(1), pongWindow: .seconds(3))
        var keepAlive = CometChatKeepAlive(timing: timing, authenticatedAt: .zero)
        #expect(keepAlive.step(at: .zero) == .ping)
        #expect(keepAlive.step(at: .seconds(1)) == .ping)
        #expect(keepAlive.pongDueBy == .seconds(3))
        #expect(keepAlive.step(at: .seconds(3)) == .overdue)
    }

    @Test("the first socket failing stops at once; a lost socket that worked is retried after 5 s, up to the cap")
    func reconnect() {
        var policy = CometChatReconnect(timing: CometChatLinkTiming())
        #expect(policy.next(after: .failed("could not connect"), authenticated: false) == .stop("could not connect"))

        policy = CometChatReconnect(timing: CometChatLinkTiming(maxReconnects: 2))
        #expect(policy.next(after: .dropped, authenticated: true) == .retry(attempt: 1, delay: .seconds(5), freshLogin: false))
        #expect(policy.next(after: .refused("expired"), authenticated: false) == .retry(attempt: 2, delay: .seconds(5), freshLogin: true))
        guard case .stop(let why) = policy.next(after: .closed(code: 4000, reason: ""), authenticated: false) else {
            Issue.record("a third attempt was allowed")
            return
        }
        #expect(why == "gave up reconnecting to CometChat after 2 attempts (last: the CometChat realtime connection closed with 4000)")
        // A socket that authenticated starts the count over.
        #expect(policy.next(after: .unresponsive("no pong"), authenticated: true) == .retry(attempt: 1, delay: .seconds(5), freshLogin: false))
    }

    @Test("every close but the logout code is retried; the logout code and a fatal failure are not")
    func closes() {
        var policy = CometChatReconnect(timing: CometChatLinkTiming())
        #expect(policy.next(after: .closed(code: 1000, reason: "bye"), authenticated: true) == .retry(attempt: 1, delay: .seconds(5), freshLogin: false))
        guard case .stop(let logout) = policy.next(after: .closed(code: 1002, reason: "USER_LOGGED_OUT"), authenticated: true) else {
            Issue.record("reconnected after a logout")
            return
        }
        #expect(logout.contains("1002 \"USER_LOGGED_OUT\"") && logout.contains("does not reconnect"))
        #expect(policy.next(after: .failed("message too big"), authenticated: true) == .stop("message too big"))
        // A reconnect attempt that cannot reach the server is retried.
        #expect(policy.next(after: .failed("could not connect"), authenticated: false) == .retry(attempt: 1, delay: .seconds(5), freshLogin: false))
    }

    @Test("the auth reply: code 200 as a number or a string, status OK in any case")
    func authReply() {
        for accepted in [#"{"type":"auth","body":{"code":"200","status":"OK"}}"#, #"{"type":"auth","body":{"code":200,"status":"ok"}}"#] {
            #expect(CometChatWebSocket.authRefusal(accepted) == nil, "\(accepted)")
        }
        for refused in [#"{"type":"auth","body":{"code":"401","status":"ERROR","message":"bad"}}"#, #"{"type":"auth","body":{"code":200}}"#, #"{"action":"pong"}"#] {
            #expect(CometChatWebSocket.authRefusal(refused) != nil, "\(refused)")
        }
        // Before its answer, a frame of another type is read like any other, as the SDK reads it.
        #expect(CometChatWebSocket.isAuthAnswer(#"{"type":"auth","body":{"code":"200","status":"OK"}}"#))
        #expect(!CometChatWebSocket.isAuthAnswer(#"{"type":"message","body":{"id":1}}"#))
        #expect(!CometChatWebSocket.isAuthAnswer("not json, auth"))
    }
}
