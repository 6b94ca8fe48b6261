import Foundation
import Logging
import ParleyCore
import ParleyTesting
import Testing

@testable import ParleyServer

/// `parley serve --protocol polyai` forgets sessions and tokens (issue 20): before, a server left
/// running kept every session, with its history and play task, and every token it ever issued.
@Suite("PolyAI server: retention")
struct PolyAIRetentionTests {
    /// A store on `clock`, its pool running for the duration of `body`.
    static func withStore<Value: Sendable>(
        clock: ManualClock, retention: ConversationRetention = ConversationRetention(),
        _ body: @Sendable (PolyAISessionStore) async throws -> Value
    ) async throws -> Value {
        let pool = PolyAITaskPool()
        let running = Task { try await pool.run() }
        defer { running.cancel() }
        let store = PolyAISessionStore(
            script: try PolyAITestServer.parsed(), options: PolyAIServerOptions(retention: retention), clock: clock, pool: pool,
            logger: Logger(label: "polyai-retention-test"))
        return try await body(store)
    }

    // Ten times the capacity, with a capacity of 1,000 rather than the default 10,000: the store's
    // bookkeeping is the same at any size, and RetentionLedgerTests holds the ledger itself to its
    // bound over 100,000 keys. At the default size this one test was 8 s of CPU in a debug build.
    @Test("after ten times its capacity of sessions (10,000 over 1,000), each with its token, the store holds its capacity of each, the newest, and no more")
    func boundedOverManySessions() async throws {
        let clock = ManualClock()
        try await Self.withStore(clock: clock, retention: ConversationRetention(capacity: 1_000)) { store in
            var first = ""
            var last = ""
            for index in 0..<10_000 {
                let token = await store.issueToken()
                last = await store.createSession(streaming: false)
                if index == 0 { first = last }
                #expect(await store.isValid(token: token))
                clock.advance(by: .milliseconds(5))
            }
            #expect(await store.count == 1_000)
            #expect(await store.tokenCount <= 1_000)
            #expect(await store.trackedUses <= 2 * (2 * 1_000 + 64))
            #expect(await store.session(last) != nil)
            #expect(await store.session(first) == nil)
        }
    }

    @Test("a session idle past the limit is forgotten; one with a socket open is kept however idle")
    func idleSessionsExpire() async throws {
        let clock = ManualClock()
        try await Self.withStore(clock: clock, retention: ConversationRetention(idleLimit: .seconds(60))) { store in
            let idle = await store.createSession(streaming: false)
            let open = await store.createSession(streaming: false)
            await store.opened(open)
            clock.advance(by: .seconds(61))
            #expect(await store.session(idle) == nil)
            _ = await store.createSession(streaming: false)
            #expect(await store.session(open) != nil)
            #expect(await store.count == 2)
            // Closed and idle again: now it goes.
            await store.closed(open)
            clock.advance(by: .seconds(61))
            _ = await store.createSession(streaming: false)
            #expect(await store.session(open) == nil)
            #expect(await store.count == 1)
        }
    }

    @Test("an ended session is forgotten when its last socket closes, at once when none is open")
    func endedSessionsGo() async throws {
        let clock = ManualClock()
        try await Self.withStore(clock: clock) { store in
            let quiet = await store.createSession(streaming: false)
            await store.sessionEnded(quiet)
            #expect(await store.session(quiet) == nil)
            let open = await store.createSession(streaming: false)
            await store.opened(open)
            await store.sessionEnded(open)
            #expect(await store.session(open) != nil)
            await store.closed(open)
            #expect(await store.session(open) == nil)
            #expect(await store.count == 0)
        }
    }

    @Test("over the wire: a forgotten session's upgrade is 404 Session not found, a forgotten token's 401")
    func forgottenOverTheWire() async throws {
        let options = PolyAIServerOptions(retention: ConversationRetention(capacity: 1))
        try await PolyAITestServer.with(options: options) { http, _ in
            let (firstToken, firstSession) = try await http.handshake()
            let (token, session) = try await http.handshake()
            let gone = try await http.upgrade("ws?access_token=\(token)&session_id=\(firstSession)")
            #expect(gone.status == 404 && gone.message == "Session not found")
            let expired = try await http.upgrade("ws?access_token=\(firstToken)&session_id=\(session)")
            #expect(expired.status == 401 && expired.message == "Invalid or expired access token")
        }
    }

    @Test("over the wire: after USER_END_SESSION and the client's close, the session is gone (404)")
    func endedOverTheWire() async throws {
        try await PolyAITestServer.with { http, base in
            let (token, session) = try await http.handshake()
            _ = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { probe in
                try await probe.wait(for: "EVENT_BATCH")
                try await probe.send(type: "USER_END_SESSION")
                try await probe.wait(for: "SESSION_END")
            }
            // The server learns of the close a moment after the client sends it: until then a socket
            // still opens (and its own close ends the session too). Tried until refused: the limit
            // (60 s of real time) is for a server that never forgets it, not a measure.
            let url = PolyAITestServer.socket(base, token: token, session: session)
            let clock = ContinuousClock()
            let limit = clock.now + .seconds(60)
            while clock.now < limit {
                do {
                    _ = try await PolyAISocketProbe.connect(url) { _ in }
                    try await Task.sleep(for: .milliseconds(20))
                } catch {
                    break
                }
            }
            let answer = try await http.upgrade("ws?access_token=\(token)&session_id=\(session)")
            #expect(answer.status == 404 && answer.message == "Session not found")
        }
    }
}
