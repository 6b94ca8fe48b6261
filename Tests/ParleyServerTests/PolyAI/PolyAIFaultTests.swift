import Foundation
import HummingbirdWSClient
import NIOWebSocket
import ParleyModel
import ParleyCore
import ParleyServer
import ParleyTesting
import Testing

/// Each scripted fault as real wire behaviour on a real server: what the client's socket sees, and
/// that the history a reconnect replays is clean.
@Suite("PolyAI server: faults")
struct PolyAIFaultTests {
    /// A joined session; `body` gets the HTTP client, the socket URL for a cursor, and the first socket.
    static func session(
        streaming: Bool = false, clock: any MonotonicClock = SystemClock(),
        _ body: @escaping @Sendable (_ url: @Sendable (Int?) -> String, _ probe: PolyAISocketProbe) async throws -> Void
    ) async throws -> PolyAISocketProbe.Outcome {
        try await PolyAITestServer.with(clock: clock) { http, base in
            let (token, session) = try await http.handshake(streaming: streaming)
            let url: @Sendable (Int?) -> String = { cursor in
                PolyAITestServer.socket(base, token: token, session: session, cursor: cursor.map(String.init))
            }
            return try await PolyAISocketProbe.connect(url(nil)) { probe in
                try await probe.send(type: "REQUEST_POLY_AGENT_JOIN")
                try await probe.wait(for: "POLY_AGENT_MESSAGE")
                try await body(url, probe)
            }
        }
    }

    static func say(_ text: String, _ probe: PolyAISocketProbe, localID: String? = nil) async throws {
        let metadata = localID.map { #"{"custom":{"local_id":"\#($0)"}}"# }
        try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"\#(text)"}"#, metadata: metadata)
    }

    @Test("drop_connection ends the TCP connection with no close frame; the play goes on and a reconnect gets the rest")
    func drop() async throws {
        let replayed = Replayed()
        let outcome = try await Self.session { url, probe in
            try await Self.say("drop", probe)
            try await probe.waitForEnd()
            #expect(probe.isEnded)
            let cursor = probe.frames.compactMap(\.sequence).max()
            let again = try await PolyAISocketProbe.connect(url(cursor)) { probe in
                try await probe.wait { $0.contains { $0.string("text") == "After the drop." } || $0.first?.batched.contains { $0.string("text") == "After the drop." } == true }
            }
            replayed.set(again.frames)
        }
        #expect(outcome.close == nil)
        #expect(outcome.frames.last?.string("text") == "Before the drop.")
        let after = replayed.frames.flatMap { $0.type == "EVENT_TYPE_EVENT_BATCH" ? $0.batched : [$0] }
        #expect(after.compactMap { $0.string("text") } == ["After the drop."])
    }

    @Test("close: 4001 with its reason reaches the client as that close frame; what the play says next is kept for the next socket")
    func close4001() async throws {
        let replayed = Replayed()
        let clock = TestClock()
        let outcome = try await Self.session(clock: clock) { url, probe in
            try await Self.say("close 4001", probe)
            try await probe.waitForEnd()
            // "Kept for later." falls due 200 ms on, with no socket; the play parks again (at
            // "Much later.") only once it has been played.
            try await clock.play(to: .milliseconds(200), thenParkAt: .milliseconds(60_200))
            let again = try await PolyAISocketProbe.connect(url(probe.frames.compactMap(\.sequence).max())) { probe in
                try await probe.wait(for: "EVENT_BATCH")
            }
            replayed.set(again.frames)
        }
        #expect(outcome.close?.closeCode == .unknown(4001))
        #expect(outcome.close?.reason == "session unknown")
        #expect(outcome.frames.last?.string("text") == "Closing.")
        #expect(replayed.frames.first?.batched.compactMap { $0.string("text") } == ["Kept for later."])
    }

    @Test("outage: the socket drops, sockets opened while the session is down drop before any frame, then the session is back")
    func outage() async throws {
        let attempts = Replayed()
        let replayed = Replayed()
        // Virtual time from zero: the play (all at offset zero up to the fault) sets the outage at
        // reading zero, so it lasts until 30 s.
        let clock = TestClock()
        let outcome = try await Self.session(clock: clock) { url, probe in
            try await Self.say("outage", probe)
            try await probe.waitForEnd()
            let cursor = probe.frames.compactMap(\.sequence).max()
            // "Back later." is played during the outage, 200 ms on, and kept for the next socket.
            try await clock.play(to: .milliseconds(200), thenParkAt: .milliseconds(60_200))
            // The last moment of the outage.
            clock.advance(to: .seconds(30) - .milliseconds(1))
            let during = try await PolyAISocketProbe.connect(url(cursor)) { probe in try await probe.waitForEnd() }
            #expect(during.close == nil)
            #expect(clock.now < .seconds(30), "the attempt must have been made while the session was down")
            attempts.set(during.frames)
            clock.advance(to: .seconds(30))
            let after = try await PolyAISocketProbe.connect(url(cursor)) { probe in try await probe.wait(for: "EVENT_BATCH") }
            replayed.set(after.frames)
        }
        #expect(outcome.close == nil)
        #expect(outcome.frames.last?.string("text") == "Going down.")
        #expect(attempts.frames.isEmpty)
        #expect(replayed.frames.first?.batched.compactMap { $0.string("text") } == ["Back later."])
    }

    @Test("close: 1011 and close: 1000 send those codes")
    func closeCodes() async throws {
        for (text, code) in [("close 1011", WebSocketErrorCode.unexpectedServerError), ("close 1000", .normalClosure)] {
            let outcome = try await Self.session { _, probe in
                try await Self.say(text, probe)
                try await probe.waitForEnd()
            }
            #expect(outcome.close?.closeCode == code, "\(text)")
        }
    }

    @Test("binary_frame sends a binary frame; the socket stays open and the play goes on")
    func binary() async throws {
        let outcome = try await Self.session { _, probe in
            try await Self.say("binary", probe)
            try await probe.wait { $0.last?.string("text") == "After binary." }
        }
        let index = try #require(outcome.frames.firstIndex { $0.binary != nil })
        #expect(outcome.frames[index].binary == WebSocketFrame.binaryBytes)
        #expect(outcome.frames[index + 1].string("text") == "After binary.")
    }

    @Test("malformed_frame sends a text frame that is not JSON; the next event follows")
    func malformed() async throws {
        let outcome = try await Self.session { _, probe in
            try await Self.say("malformed", probe)
            try await probe.wait { $0.last?.string("text") == "After garbage." }
        }
        let garbage = outcome.frames.filter { $0.text != nil && $0.json == nil }
        #expect(garbage.map(\.text) == [PolyAIServer.malformedFrameText])
    }

    @Test("duplicate_next sends the next event twice with the same id and sequence; the history keeps it once")
    func duplicate() async throws {
        let replayed = Replayed()
        let outcome = try await Self.session { url, probe in
            try await Self.say("duplicate", probe)
            try await probe.wait(for: "POLY_AGENT_MESSAGE", count: 3)
            let again = try await PolyAISocketProbe.connect(url(nil)) { probe in try await probe.wait(for: "EVENT_BATCH") }
            replayed.set(again.frames)
        }
        let twice = outcome.frames.filter { $0.string("text") == "Twice." }
        try #require(twice.count == 2)
        #expect(twice[0].text == twice[1].text)
        #expect(twice[0].id != nil && twice[0].sequence != nil)
        let history = replayed.frames.first?.batched ?? []
        #expect(history.filter { $0.string("text") == "Twice." }.count == 1)
        #expect(history.map(\.sequence) == Array(1...history.count).map(Optional.some))
    }

    @Test("reorder_next swaps the next two events on the wire; the history keeps them in order")
    func reorder() async throws {
        let replayed = Replayed()
        let outcome = try await Self.session { url, probe in
            try await Self.say("reorder", probe)
            try await probe.wait(for: "POLY_AGENT_MESSAGE", count: 3)
            let again = try await PolyAISocketProbe.connect(url(nil)) { probe in try await probe.wait(for: "EVENT_BATCH") }
            replayed.set(again.frames)
        }
        let messages = outcome.frames.filter { ["One.", "Two."].contains($0.string("text")) }
        try #require(messages.compactMap { $0.string("text") } == ["Two.", "One."])
        #expect(messages[0].sequence == messages[1].sequence.map { $0 + 1 })
        #expect(replayed.frames.first?.batched.compactMap { $0.string("text") }.suffix(2) == ["One.", "Two."])
    }

    @Test("delay_echo holds the echo back; the client's resend with the same local_id is neither echoed nor played again")
    func delayedEcho() async throws {
        let clock = TestClock()
        let outcome = try await Self.session(clock: clock) { _, probe in
            try await Self.say("late", probe, localID: "L-late")
            // The echo waits on the clock for its 3 s: the message was taken, and nothing echoed.
            await clock.waitForSleepers(1)
            #expect(clock.nextDeadline == .seconds(3))
            #expect(!probe.frames.contains { $0.type == "EVENT_TYPE_USER_MESSAGE" })
            // The client saw no echo and sends the same frame again, as the SDK does after 3 s; the
            // heartbeat behind it is answered once the resend has been taken, in order.
            try await Self.say("late", probe, localID: "L-late")
            try await probe.send(type: "HEARTBEAT")
            try await probe.wait(for: "HEARTBEAT")
            // A second play would wait for an echo of its own.
            #expect(clock.sleepers == 1)
            clock.advance(to: .seconds(3))
            try await probe.wait { $0.last?.string("text") == "Answered once." }
            // The play is over (its last line came, and no second one waits on the clock); a last
            // heartbeat's answer closes the frames the test reads.
            try await probe.send(type: "HEARTBEAT")
            try await probe.wait(for: "HEARTBEAT", count: 2)
        }
        let turn = Array(outcome.frames.drop { $0.type != "EVENT_TYPE_USER_MESSAGE" }).filter { $0.type != "EVENT_TYPE_HEARTBEAT" }
        #expect(turn.map(\.type) == ["EVENT_TYPE_USER_MESSAGE", "EVENT_TYPE_POLY_AGENT_THINKING", "EVENT_TYPE_POLY_AGENT_MESSAGE"])
        #expect(turn.first?.json?["metadata"]?["custom"]?["local_id"] == "L-late")
    }
}

/// Frames handed out of a socket's body.
final class Replayed: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [PolyAIFrame] = []

    var frames: [PolyAIFrame] { lock.withLock { stored } }

    func set(_ frames: [PolyAIFrame]) {
        lock.withLock { stored = frames }
    }
}
