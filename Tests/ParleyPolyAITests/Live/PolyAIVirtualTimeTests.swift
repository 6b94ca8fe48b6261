import Foundation
import ParleyCore
import ParleyModel
import ParleyPolyAI
import ParleyServer
import ParleyTesting
import Synchronization
import Testing

/// The connector's timed promises (backoff, the resend ladder, heartbeats, token expiry, REST
/// retries, the caps, the socket timeout) on virtual time: the connector and the server in this
/// process share a ``TestClock`` (``VirtualPolyAI``), so each test takes milliseconds of real time
/// and reads none. The same facts as the flows of the CLI's PolyAIResilienceTests, which run them
/// end to end in real time.
@Suite("polyai connector, in process, on virtual time")
struct PolyAIVirtualTimeTests {
    @Test("a dropped socket reconnects after 1 s with the cursor and loses nothing; replayed history is not reported twice", .timeLimit(.minutes(1)))
    func drop() async throws {
        try await VirtualPolyAI.with { v in
            var seen = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            try await v.session.perform(.send(text: "drop please"))
            seen += try await v.events(until: Seen.reply("Before the drop."))
            // The play's 200ms pause, then the drop.
            await v.clock.advance(toSleeperAt: .milliseconds(200))
            seen += try await v.events(until: Seen.reconnecting(1))
            // The first backoff: 1 s.
            await v.clock.advance(toSleeperAt: .milliseconds(1200))
            let after = try await v.events(until: Seen.reply("After the drop."))
            #expect(after.contains(.connection(.open)))
            #expect(after.contains { if case .reply(let reply) = $0 { reply.suggestions == ["Again"] } else { false } })
            try await v.session.perform(.tap(suggestion: "Again"))
            let tapped = try await v.events(until: Seen.reply("I heard you."))
            #expect(tapped.contains(where: Seen.delivery(.sent)))
            seen += after + tapped
            #expect(Seen.replies("Before the drop.", in: seen) == 1)
            #expect(Seen.replies("After the drop.", in: seen) == 1)
            // The session reopened from a cursor past what it had (not 0, which dedup alone would hide).
            let cursors = v.cursors
            #expect(cursors.count == 1 && cursors.values.first?.first == 0 && (cursors.values.first?.last ?? 0) > 0, "\(cursors)")
            #expect(cursors.values.first?.count == 2, "\(cursors)")
        }
    }

    @Test("close 4001 gets a fresh token and session after 1 s, and the agent greets again", .timeLimit(.minutes(1)))
    func close4001() async throws {
        try await VirtualPolyAI.with { v in
            var seen = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            try await v.session.perform(.send(text: "close 4001"))
            seen += try await v.events(until: Seen.reply("Resetting."))
            await v.clock.advance(toSleeperAt: .milliseconds(100))
            seen += try await v.events(until: Seen.reconnecting(1))
            await v.clock.advance(toSleeperAt: .milliseconds(1100))
            seen += try await v.events(until: Seen.custom("session_start"))
            seen += try await v.events(until: Seen.reply("Hello from the resilience agent."))
            try await v.session.perform(.send(text: "still there?"))
            seen += try await v.events(until: Seen.reply("I heard you."))
            // A new session replays nothing of the old one: the greeting twice, once per session.
            #expect(Seen.replies("Hello from the resilience agent.", in: seen) == 2)
            #expect(Seen.replies("Resetting.", in: seen) == 1)
            #expect(v.cursors.count == 2, "\(v.cursors)")
        }
    }

    @Test("a slow echo is waited for: the resend at 3 s is neither echoed nor played again; sent at 4 s", .timeLimit(.minutes(1)))
    func slowEcho() async throws {
        try await VirtualPolyAI.with { v in
            var seen = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            try await v.session.perform(.send(text: "slow echo"))
            seen += try await v.events(until: Seen.delivery(.pending))
            // The server took the message at 0 s and holds its echo back until 4 s: until it has,
            // the message is still on its way, and the clock must not move.
            _ = await v.clock.waitForSleeper(in: .seconds(4) ... .seconds(4))
            // The resend at 3 s reaches the server, which takes it for what it is.
            await v.clock.advance(toSleeperAt: .seconds(3))
            await v.log.wait(for: 1) { $0.contains("again (a resend): not echoed or played twice") }
            await v.clock.advance(toSleeperAt: .seconds(4))
            seen += try await v.events(until: Seen.delivery(.sent))
            #expect(v.clock.now == .seconds(4))
            seen += try await v.events(until: Seen.reply("Heard you once."))
            // A play of the resend would come before the next message's answer.
            try await v.session.perform(.send(text: "and then?"))
            seen += try await v.events(until: Seen.reply("I heard you."))
            #expect(Seen.replies("Heard you once.", in: seen) == 1)
            #expect(v.resends == 1)
        }
    }

    @Test("a message never echoed is resent at 3, 6 and 9 s and fails at 12 s, not before", .timeLimit(.minutes(1)))
    func lostEcho() async throws {
        try await VirtualPolyAI.with { v in
            _ = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            try await v.session.perform(.send(text: "lost echo"))
            _ = try await v.events(until: Seen.delivery(.pending))
            // Taken by the server at 0 s, its echo held back until 14 s.
            _ = await v.clock.waitForSleeper(in: .seconds(14) ... .seconds(14))
            for (resend, second) in [(1, 3), (2, 6), (3, 9)] {
                await v.clock.advance(toSleeperAt: .seconds(second))
                await v.log.wait(for: resend) { $0.contains("again (a resend)") }
            }
            // Every timer before 12 s has run: nothing has failed yet.
            _ = await v.clock.waitForSleeper(in: .seconds(12) ... .seconds(12))
            let early = try await v.reported()
            #expect(!early.contains(where: Seen.delivery(.failed)), "\(early)")
            v.clock.advance(to: .seconds(12))
            _ = try await v.events(until: Seen.delivery(.failed))
            #expect(v.clock.now == .seconds(12) && v.resends == 3)
        }
    }

    @Test("heartbeats go out at the server's heartbeat_interval_seconds, in place of the agent's 30s; 0 turns them off", .timeLimit(.minutes(1)))
    func heartbeats() async throws {
        var options = PolyAIServerOptions()
        options.heartbeatSeconds = 1
        try await VirtualPolyAI.with(options: options) { v in
            _ = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            for beat in 1...2 {
                await v.clock.advance(toSleeperAt: .seconds(beat))
                await v.log.wait(for: beat) { $0.hasSuffix(": heartbeat") }
            }
            // 2.5 s of silence at one a second: exactly two.
            v.clock.advance(to: .milliseconds(2500))
            try await v.session.perform(.send(text: "drop please"))
            _ = try await v.events(until: Seen.reply("Before the drop."))
            #expect(v.heartbeats == 2, "\(v.log.lines)")
        }
        options.heartbeatSeconds = 0
        try await VirtualPolyAI.with(options: options) { v in
            _ = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            // Past two of the agent's 30 s intervals: a 0 that fell back to the default would beat twice.
            v.clock.advance(to: .seconds(61))
            try await v.session.perform(.send(text: "drop please"))
            _ = try await v.events(until: Seen.reply("Before the drop."))
            #expect(v.heartbeats == 0, "\(v.log.lines)")
        }
    }

    @Test("an access token that expires while connected is refreshed before the reconnect, and the session goes on", .timeLimit(.minutes(1)))
    func expiredToken() async throws {
        var options = PolyAIServerOptions()
        options.tokenLifetime = .seconds(2)
        try await VirtualPolyAI.with(options: options) { v in
            var seen = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            // The token has expired by the time the socket drops.
            v.clock.advance(to: .milliseconds(2500))
            try await v.session.perform(.send(text: "drop please"))
            seen += try await v.events(until: Seen.reply("Before the drop."))
            await v.clock.advance(toSleeperAt: .milliseconds(2700))
            seen += try await v.events(until: Seen.reconnecting(1))
            await v.clock.advance(toSleeperAt: .milliseconds(3700))
            seen += try await v.events(until: Seen.reply("After the drop."))
            try await v.session.perform(.send(text: "still there?"))
            seen += try await v.events(until: Seen.reply("I heard you."))
            // The same session, refreshed before the reconnect, not after a refused handshake
            // (which would be attempt 2).
            #expect(seen.filter(Seen.custom("session_start")).count == 1)
            #expect(!seen.contains(where: Seen.reconnecting(2)), "\(seen)")
            #expect(v.cursors.count == 1 && v.cursors.values.first?.count == 2, "\(v.cursors)")
        }
    }

    @Test("the handshake waits out a 429 (Retry-After: 1) and two 503s a second apart; four 500s fail the session", .timeLimit(.minutes(1)))
    func restRetries() async throws {
        var retried = PolyAIServerOptions()
        retried.restFaults = [PolyAIRestFault(endpoint: .accessToken, status: 429), PolyAIRestFault(endpoint: .sessions, status: 503, count: 2)]
        try await VirtualPolyAI.with(options: retried) { v in
            for second in 1...3 { await v.clock.advance(toSleeperAt: .seconds(second)) }
            _ = try await v.events(until: Seen.reply("Hello from the resilience agent."))
            #expect(v.clock.now == .seconds(3))
        }
        var exhausted = PolyAIServerOptions()
        exhausted.restFaults = [PolyAIRestFault(endpoint: .sessions, status: 500, count: 4)]
        let failure = try await VirtualPolyAI.with(options: exhausted) { v in
            for second in 1...3 { await v.clock.advance(toSleeperAt: .seconds(second)) }
            return await v.failure()
        }
        #expect(failure?.contains("/sessions failed with HTTP 500 after 4 attempts") == true, "\(failure ?? "no failure")")
    }

    @Test("the server's max_reconnect_attempts capability replaces the agent's max_reconnects", .timeLimit(.minutes(1)))
    func serverCap() async throws {
        var options = PolyAIServerOptions()
        options.maxReconnectAttempts = 1
        let failure = try await VirtualPolyAI.with(options: options) { v in
            try await Self.outage(v, backoffs: [.milliseconds(1100)])
        }
        #expect(failure?.contains("the PolyAI connection failed: gave up reconnecting after 1 attempts") == true, "\(failure ?? "no failure")")
    }

    @Test("a server that stays down exhausts the agent's reconnect cap after backoffs of 1 s and 2 s", .timeLimit(.minutes(1)))
    func reconnectCap() async throws {
        let failure = try await VirtualPolyAI.with({ $0.maxReconnects = 2 }) { v in
            try await Self.outage(v, backoffs: [.milliseconds(1100), .milliseconds(3100)])
        }
        #expect(failure?.contains("the PolyAI connection failed: gave up reconnecting after 2 attempts") == true, "\(failure ?? "no failure")")
    }

    @Test("a WebSocket handshake that never completes times out, reconnects, and fails at the cap instead of hanging", .timeLimit(.minutes(1)))
    func silentSocket() async throws {
        // A listening socket nobody accepts from: the kernel completes the TCP handshake, and the
        // upgrade request is never answered.
        let listener = try SilentListener()
        defer { listener.close() }
        let silent = "ws://127.0.0.1:\(listener.port)/ws"
        let failure = try await VirtualPolyAI.with({
            $0.websocketURL = silent
            $0.timeout = .seconds(1)
            $0.maxReconnects = 1
        }) { v in
            // The REST handshake (its timeout is a timer at 1 s too) is done once the socket reaches
            // the listener; advancing before that would time the handshake out instead.
            let reached = (try? await listener.awaitConnection(timeout: .seconds(30))) ?? false
            #expect(reached, "the socket never reached the listener")
            // The first handshake's 1 s, the backoff's 1 s, the second handshake's 1 s.
            for second in 1...3 { await v.clock.advance(toSleeperAt: .seconds(second)) }
            return await v.failure()
        }
        #expect(
            failure?.contains("gave up reconnecting after 1 attempts (last: the socket at \(silent) did not open within 1s)") == true,
            "\(failure ?? "no failure")")
    }

    @Test("a flow that stops waiting while the first socket attempt is young is told that attempt, not \"got no reply\"", .timeLimit(.minutes(1)))
    func youngFirstAttemptIsNamed() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let silent = "ws://127.0.0.1:\(listener.port)/ws"
        let reasons = try await VirtualPolyAI.with({
            $0.websocketURL = silent
            $0.timeout = .seconds(30)
        }) { v in
            let reached = (try? await listener.awaitConnection(timeout: .seconds(30))) ?? false
            #expect(reached, "the socket never reached the listener")
            // As when a loaded machine's handshake took most of a flow's wait: the socket attempt is
            // half a second old when the flow stops waiting.
            v.clock.advance(by: .milliseconds(500))
            return try await v.reported().compactMap { event -> String? in
                guard case .connection(.failed(let reason)) = event else { return nil }
                return reason
            }
        }
        #expect(reasons == ["the socket at \(silent) did not open within 500ms"])
    }

    @Test("ending the session during a WebSocket upgrade that never completes closes the socket and returns at once", .timeLimit(.minutes(1)))
    func cancelledUpgrade() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        // When the body returned and the session began to end: the bound below is on the ending
        // alone, not on the server's start, the handshake and the connection, which a loaded
        // machine stretched past 15 s (15.4 s with every test group and perf at once).
        let ending = Mutex<ContinuousClock.Instant?>(nil)
        // The socket timeout is far away on the clock, which stands still: only the session's end
        // can stop the attempt.
        let connected = try await VirtualPolyAI.with({
            $0.websocketURL = "ws://127.0.0.1:\(listener.port)/ws"
            $0.timeout = .seconds(600)
        }) { _ in
            let connected = try await listener.awaitConnection(timeout: .seconds(20))
            ending.withLock { $0 = ContinuousClock.now }
            return connected
        }
        let ended = try #require(ending.withLock { $0 }).duration(to: ContinuousClock.now)
        #expect(connected, "the connector never connected to the silent listener")
        #expect(ended < .seconds(15), "the session took \(ended) to end")
        // The attempt closed its connection, rather than leaving it to hang in an abandoned task.
        #expect(listener.clientCloses(within: .seconds(5)))
    }

    /// Sends `outage` (the play pauses 100ms, then the server stays down for 60 s), then moves
    /// through each reconnect's backoff, given as the clock reading it ends at; the failure that follows.
    private static func outage(_ v: VirtualPolyAI, backoffs: [Duration]) async throws -> String? {
        _ = try await v.events(until: Seen.reply("Hello from the resilience agent."))
        try await v.session.perform(.send(text: "outage"))
        _ = try await v.events(until: Seen.reply("The line is going down."))
        await v.clock.advance(toSleeperAt: .milliseconds(100))
        for (attempt, end) in backoffs.enumerated() {
            _ = try await v.events(until: Seen.reconnecting(attempt + 1))
            await v.clock.advance(toSleeperAt: end)
        }
        return await v.failure()
    }
}
