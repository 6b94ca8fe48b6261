import Foundation
import HummingbirdWSClient
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// The WebSocket of a real server on 127.0.0.1, frame by frame: upgrades, the history batch, the
/// join, messages, echoes, replay after a cursor, and refusals of bad client frames.
@Suite("PolyAI server: socket")
struct PolyAISocketTests {
    @Test("an upgrade without a valid token is refused 401, an unknown session or path 404; no socket opens")
    func upgradeRefusals() async throws {
        try await PolyAITestServer.with { http, base in
            let (token, session) = try await http.handshake()
            let cases: [(String, UInt, String)] = [
                ("ws?session_id=\(session)", 401, "Missing access token"),
                ("ws?access_token=nope&session_id=\(session)", 401, "Invalid or expired access token"),
                ("ws?access_token=\(token)&session_id=unknown", 404, "Session not found"),
                ("ws?access_token=\(token)", 404, "Session not found"),
                ("socket?access_token=\(token)&session_id=\(session)", 404, "No WebSocket at /socket: connect to /ws"),
            ]
            for (target, status, message) in cases {
                let answer = try await http.upgrade(target)
                #expect(answer.status == status, "\(target)")
                #expect(answer.message == message, "\(target): \(answer.body)")
                let url = URL(string: target, relativeTo: PolyAIServer.webSocketURL(for: base))!.absoluteString
                await #expect(throws: WebSocketClientError.webSocketUpgradeFailed, "\(target)") {
                    _ = try await PolyAISocketProbe.connect(url) { _ in }
                }
            }
            // A plain GET on /ws says what it is for.
            let plain = try await http.get("ws")
            #expect(plain.status == 426)
            #expect(plain.message?.hasPrefix("Open a WebSocket here") == true)
        }
    }

    @Test("a fresh session starts with one EVENT_BATCH holding SESSION_START and its capabilities")
    func sessionStart() async throws {
        try await PolyAITestServer.with { http, base in
            let (token, session) = try await http.handshake()
            let outcome = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { probe in
                try await probe.wait(for: "EVENT_BATCH")
            }
            let batch = try #require(outcome.frames.first)
            #expect(outcome.frames.count == 1)
            #expect(batch.type == "EVENT_TYPE_EVENT_BATCH")
            #expect(batch.json?["id"] == nil && batch.json?["timestamp"] == nil && batch.json?["sequence"] == nil)
            let start = try #require(batch.batched.first)
            #expect(batch.batched.count == 1)
            #expect(start.type == "EVENT_TYPE_SESSION_START")
            #expect(start.sequence == 1)
            #expect(UUID(uuidString: start.id ?? "") != nil)
            #expect(Self.isTimestamp(start.json?["timestamp"]))
            #expect(
                start.payload?["capabilities"]?.sorted
                    == JSONValue.object([
                        JSONMember("streaming", false), JSONMember("max_message_size_bytes", 65536), JSONMember("heartbeat_interval_seconds", 30),
                    ]).sorted)
        }
        let options = PolyAIServerOptions(maxReconnectAttempts: 0, heartbeatSeconds: 10)
        try await PolyAITestServer.with(options: options) { http, base in
            let (token, session) = try await http.handshake(streaming: true)
            let outcome = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { probe in
                try await probe.wait(for: "EVENT_BATCH")
            }
            #expect(
                outcome.frames.first?.batched.first?.payload?["capabilities"]?.sorted
                    == JSONValue.object([
                        JSONMember("streaming", true), JSONMember("max_message_size_bytes", 65536), JSONMember("heartbeat_interval_seconds", 10),
                        JSONMember("max_reconnect_attempts", 0),
                    ]).sorted)
        }
    }

    @Test("join: the echo, POLY_AGENT_JOINED, THINKING, then the greeting as one message with its suggestions")
    func joinNotStreamed() async throws {
        let frames = try await Self.joined(streaming: false)
        try #require(
            frames.map(\.type) == [
                "EVENT_TYPE_EVENT_BATCH", "EVENT_TYPE_REQUEST_POLY_AGENT_JOIN", "EVENT_TYPE_POLY_AGENT_JOINED", "EVENT_TYPE_POLY_AGENT_THINKING",
                "EVENT_TYPE_POLY_AGENT_MESSAGE",
            ])
        #expect(frames.dropFirst().map(\.sequence) == [2, 3, 4, 5])
        #expect(frames[2].string("agent_name") == "Poly Bot")
        let greeting = frames[4]
        #expect(greeting.string("text") == "Hello there, how can I help?")
        #expect(greeting.string("agent_name") == "Poly Bot")
        #expect(greeting.string("message_id")?.isEmpty == false)
        #expect(
            greeting.payload?["response_suggestions"]
                == .array([
                    .object([JSONMember("message_text", "Track an order"), JSONMember("payload", "Track an order")]),
                    .object([JSONMember("message_text", "Talk to a person"), JSONMember("payload", "Talk to a person")]),
                ]))
        #expect(greeting.payload?["attachments"] == .array([]))
        #expect(greeting.payload?["chat_call_actions"] == .array([]))
        // Every event has its own UUID and a timestamp.
        #expect(Set(frames.dropFirst().compactMap(\.id)).count == 4)
        #expect(frames.dropFirst().allSatisfy { Self.isTimestamp($0.json?["timestamp"]) })
    }

    @Test("join on a streaming session: the greeting as 1-based chunks that join with single spaces, extras on the last")
    func joinStreamed() async throws {
        let frames = try await Self.joined(streaming: true)
        let chunks = frames.filter { $0.type == "EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK" }
        #expect(chunks.compactMap { $0.string("text") } == ["Hello there,", "how can", "I help?"])
        #expect(chunks.compactMap { $0.string("text") }.joined(separator: " ") == "Hello there, how can I help?")
        #expect(chunks.map { $0.payload?["chunk_index"] } == [1, 2, 3])
        #expect(chunks.map { $0.payload?["is_complete"] } == [false, false, true])
        #expect(Set(chunks.compactMap { $0.string("message_id") }).count == 1)
        #expect(chunks.map { $0.payload?["response_suggestions"]?.arrayCount } == [0, 0, 2])
        #expect(!frames.contains { $0.type == "EVENT_TYPE_POLY_AGENT_MESSAGE" })
    }

    @Test("chunk joining 'concatenate': the pieces keep their spaces and concatenate to the text")
    func joinStreamedConcatenated() async throws {
        let frames = try await Self.joined(streaming: true, options: PolyAIServerOptions(chunkJoining: .concatenate))
        let texts = frames.filter { $0.type == "EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK" }.compactMap { $0.string("text") }
        #expect(texts == ["Hello there, ", "how can ", "I help?"])
        #expect(texts.joined() == "Hello there, how can I help?")
    }

    @Test("a user message is echoed with a new message_id, its text and the client's metadata, then THINKING and the reply")
    func messageEcho() async throws {
        try await Self.conversation { probe in
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"please track my order"}"#, metadata: #"{"custom":{"local_id":"L-1"}}"#)
            let frames = try await probe.wait(for: "POLY_AGENT_MESSAGE", count: 2)
            let turn = Array(frames.drop { $0.type != "EVENT_TYPE_USER_MESSAGE" })
            #expect(turn.map(\.type) == ["EVENT_TYPE_USER_MESSAGE", "EVENT_TYPE_POLY_AGENT_THINKING", "EVENT_TYPE_POLY_AGENT_MESSAGE"])
            let echo = turn[0]
            #expect(echo.string("text") == "please track my order")
            #expect(echo.string("message_id")?.isEmpty == false)
            #expect(echo.json?["metadata"] == .object([JSONMember("custom", .object([JSONMember("local_id", "L-1")]))]))
            #expect(echo.sequence == 6)
            #expect(turn[2].string("text") == "You typed tracking.")
        }
    }

    @Test("a play that says nothing sends no THINKING: only the echo")
    func silence() async throws {
        try await Self.conversation { probe in
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"silence"}"#)
            // Plays take turns: whatever the silent play sends comes before the next play's
            // THINKING, so that one is the only one there is.
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"track"}"#)
            let frames = try await probe.wait { $0.last?.string("text") == "You typed tracking." }
            #expect(
                Array(frames.dropFirst(5)).map(\.type) == [
                    "EVENT_TYPE_USER_MESSAGE", "EVENT_TYPE_USER_MESSAGE", "EVENT_TYPE_POLY_AGENT_THINKING", "EVENT_TYPE_POLY_AGENT_MESSAGE",
                ])
            #expect(frames.dropFirst(5).first?.string("text") == "silence")
        }
    }

    @Test("a message with the text of a suggestion of the latest reply is a tap")
    func tap() async throws {
        try await Self.conversation { probe in
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"Track an order"}"#)
            let frames = try await probe.wait(for: "POLY_AGENT_MESSAGE", count: 2)
            #expect(frames.last?.string("text") == "You tapped tracking.")
            // The latest reply has no suggestions now: the same text is typed.
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"Track an order"}"#)
            let more = try await probe.wait(for: "POLY_AGENT_MESSAGE", count: 3)
            #expect(more.last?.string("text") == "You typed tracking.")
        }
    }

    @Test("a reconnect with the cursor mid-play gets, in its batch and live, everything after the cursor once and nothing before")
    func replayAfterCursor() async throws {
        let clock = TestClock()
        try await PolyAITestServer.with(clock: clock) { http, base in
            let (token, session) = try await http.handshake()
            let first = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { probe in
                try await probe.send(type: "REQUEST_POLY_AGENT_JOIN")
                try await probe.wait(for: "POLY_AGENT_MESSAGE")
                try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"slow"}"#)
                try await probe.wait { $0.last?.string("text") == "First part." }
            }
            let cursor = try #require(first.frames.compactMap(\.sequence).max())
            // The play goes on without a socket: the second part falls due (700 ms on) while nobody
            // listens. The play parks for the third (at 1 s) only once it has played the second.
            try await clock.play(to: .milliseconds(700), thenParkAt: .seconds(1))
            let second = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session, cursor: "\(cursor)")) {
                probe in
                try await probe.wait(for: "EVENT_BATCH")
                clock.advance(to: .seconds(1))
                try await probe.wait { $0.contains { $0.string("text") == "Third part." } }
            }
            let batch = try #require(second.frames.first)
            #expect(batch.type == "EVENT_TYPE_EVENT_BATCH")
            // What fell due while nobody listened is in the batch, the rest comes live.
            #expect(["Second part.", "Third part."].starts(with: batch.batched.compactMap { $0.string("text") }))
            #expect(batch.batched.compactMap { $0.string("text") } == ["Second part."])
            let after = batch.batched + second.frames.dropFirst()
            // An empty tail fails here rather than crashing the whole test run at the range below.
            try #require(!after.isEmpty)
            #expect(after.compactMap(\.sequence) == Array((cursor + 1)...(cursor + after.count)))
            #expect(after.compactMap { $0.string("text") } == ["Second part.", "Third part."])
            // The whole history, for a client that starts over; `seq:` and nonsense cursors too.
            for (text, expected) in [("0", 1), ("seq:\(cursor)", cursor + 1), ("-3", 1), ("abc", 1)] {
                let again = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session, cursor: text)) {
                    probe in try await probe.wait(for: "EVENT_BATCH")
                }
                #expect(again.frames.first?.batched.first?.sequence == expected, "cursor \(text)")
                #expect(again.frames.first?.batched.last?.string("text") == "Third part.", "cursor \(text)")
            }
        }
    }

    @Test("heartbeats and typing are echoed without a sequence and are not kept for replay")
    func transientEchoes() async throws {
        try await PolyAITestServer.with { http, base in
            let (token, session) = try await http.handshake()
            let url = PolyAITestServer.socket(base, token: token, session: session)
            let outcome = try await PolyAISocketProbe.connect(url) { probe in
                try await probe.send(type: "HEARTBEAT")
                try await probe.send(type: "USER_TYPING", payload: #"{"state":"TYPING_STATE_STARTED"}"#)
                try await probe.wait(for: "USER_TYPING")
            }
            let echoes = Array(outcome.frames.dropFirst())
            // A shortfall fails here rather than crashing the whole test run at an index below.
            try #require(echoes.map(\.type) == ["EVENT_TYPE_HEARTBEAT", "EVENT_TYPE_USER_TYPING"])
            #expect(echoes.allSatisfy { $0.sequence == nil && $0.json?["sequence"] == nil && $0.id != nil && Self.isTimestamp($0.json?["timestamp"]) })
            #expect(echoes[1].string("state") == "TYPING_STATE_STARTED")
            let replay = try await PolyAISocketProbe.connect(url) { probe in try await probe.wait(for: "EVENT_BATCH") }
            #expect(replay.frames.first?.batched.map(\.type) == ["EVENT_TYPE_SESSION_START"])
        }
    }

    @Test("a frame of a type clients may not send, or no frame at all, gets a SYSTEM_MESSAGE error; the socket stays open")
    func badClientFrames() async throws {
        try await Self.conversation(join: false) { probe in
            try await probe.send(type: "CUSTOM")
            try await probe.send("not json")
            try await probe.send(#"{"payload":{}}"#)
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"  "}"#)
            try await probe.send(type: "HEARTBEAT")
            let frames = try await probe.wait(for: "HEARTBEAT")
            let errors = frames.filter { $0.type == "EVENT_TYPE_SYSTEM_MESSAGE" }
            #expect(errors.count == 4)
            #expect(errors.allSatisfy { $0.string("level") == "SYSTEM_MESSAGE_LEVEL_ERROR" })
            #expect(errors.first?.string("message")?.hasPrefix("Unsupported event type 'EVENT_TYPE_CUSTOM'") == true)
            #expect(errors.dropFirst().allSatisfy { $0.string("message")?.hasPrefix("Error parsing request") == true })
            #expect(!probe.isEnded)
        }
    }

    @Test("USER_END_SESSION: the echo, the script's end, SESSION_END with REASON_USER_END; the server keeps the socket")
    func userEnd() async throws {
        try await Self.conversation { probe in
            try await probe.send(type: "USER_END_SESSION")
            try await probe.wait(for: "SESSION_END")
            try await probe.send(type: "HEARTBEAT")
            let frames = try await probe.wait(for: "HEARTBEAT")
            let turn = Array(frames.drop { $0.type != "EVENT_TYPE_USER_END_SESSION" })
            #expect(
                turn.map(\.type) == [
                    "EVENT_TYPE_USER_END_SESSION", "EVENT_TYPE_POLY_AGENT_MESSAGE", "EVENT_TYPE_SESSION_END", "EVENT_TYPE_HEARTBEAT",
                ])
            #expect(turn[1].string("text") == "Goodbye!")
            #expect(turn[2].string("reason") == "REASON_USER_END")
            #expect(!probe.isEnded)
        }
    }

    @Test("the script's session_ended is SESSION_END with reason agent_ended; a handoff ladder and a live agent's message")
    func handoffAndEnd() async throws {
        try await Self.conversation { probe in
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"human"}"#)
            try await probe.wait(for: "LIVE_AGENT_LEFT")
            try await probe.send(type: "USER_MESSAGE", payload: #"{"text":"bye"}"#)
            let frames = try await probe.wait(for: "SESSION_END")
            let skipped = ["EVENT_TYPE_USER_MESSAGE", "EVENT_TYPE_POLY_AGENT_THINKING"]
            let turns = frames.dropFirst(5).filter { !skipped.contains($0.type ?? "") }
            #expect(
                turns.map(\.type) == [
                    "EVENT_TYPE_POLY_AGENT_MESSAGE", "EVENT_TYPE_POLY_AGENT_TRIGGERED_HANDOFF", "EVENT_TYPE_HANDOFF_ACCEPTED",
                    "EVENT_TYPE_HANDOFF_QUEUE_STATUS", "EVENT_TYPE_LIVE_AGENT_JOINED", "EVENT_TYPE_LIVE_AGENT_TYPING", "EVENT_TYPE_LIVE_AGENT_TYPING",
                    "EVENT_TYPE_LIVE_AGENT_MESSAGE", "EVENT_TYPE_LIVE_AGENT_LEFT", "EVENT_TYPE_POLY_AGENT_MESSAGE", "EVENT_TYPE_SESSION_END",
                ])
            let queue = turns.first { $0.type == "EVENT_TYPE_HANDOFF_QUEUE_STATUS" }
            #expect(
                queue?.payload?.sorted
                    == JSONValue.object([
                        JSONMember("position_in_queue", 2), JSONMember("estimated_wait_seconds", 90), JSONMember("queue_name", "support"),
                        JSONMember("display_message", "You are #2 in line"),
                    ]).sorted)
            #expect(
                turns.first { $0.type == "EVENT_TYPE_LIVE_AGENT_JOINED" }?.payload?.sorted
                    == JSONValue.object([JSONMember("agent", .object([JSONMember("id", "live-sam"), JSONMember("name", "Sam")]))]).sorted)
            #expect(frames.filter { $0.type == "EVENT_TYPE_LIVE_AGENT_TYPING" }.allSatisfy { $0.sequence == nil })
            #expect(frames.first { $0.type == "EVENT_TYPE_LIVE_AGENT_MESSAGE" }?.string("agent_name") == "Sam")
            #expect(frames.last?.string("reason") == "agent_ended")
        }
    }

    @Test("a newer socket on the session takes over: the older one gets nothing more")
    func newerConnectionReceives() async throws {
        try await PolyAITestServer.with { http, base in
            let (token, session) = try await http.handshake()
            let url = PolyAITestServer.socket(base, token: token, session: session)
            let older = try await PolyAISocketProbe.connect(url) { older in
                try await older.wait(for: "EVENT_BATCH")
                let newer = try await PolyAISocketProbe.connect(url) { newer in
                    try await newer.send(type: "REQUEST_POLY_AGENT_JOIN")
                    try await newer.wait(for: "POLY_AGENT_MESSAGE")
                }
                #expect(newer.frames.contains { $0.type == "EVENT_TYPE_POLY_AGENT_JOINED" })
                // The older socket is still open and still answers its own heartbeats.
                try await older.send(type: "HEARTBEAT")
                try await older.wait(for: "HEARTBEAT")
            }
            #expect(older.frames.compactMap(\.type) == ["EVENT_TYPE_EVENT_BATCH", "EVENT_TYPE_HEARTBEAT"])
        }
    }

    @Test("batchPayloadStyle oneofKey: batched events carry their payload under the type's oneof key")
    func oneofBatch() async throws {
        try await PolyAITestServer.with(options: PolyAIServerOptions(batchPayloadStyle: .oneofKey)) { http, base in
            let (token, session) = try await http.handshake()
            let url = PolyAITestServer.socket(base, token: token, session: session)
            let live = try await PolyAISocketProbe.connect(url) { probe in
                try await probe.send(type: "REQUEST_POLY_AGENT_JOIN")
                try await probe.wait(for: "POLY_AGENT_MESSAGE")
            }
            // Single frames keep `payload`.
            #expect(live.frames.last?.string("text") == "Hello there, how can I help?")
            let replay = try await PolyAISocketProbe.connect(url) { probe in try await probe.wait(for: "EVENT_BATCH") }
            let events = try #require(replay.frames.first?.batched)
            #expect(events.count == 5)
            #expect(events.allSatisfy { $0.json?["payload"] == nil })
            #expect(events[0].json?["session_start"]?["capabilities"]?["streaming"] == false)
            #expect(events[4].json?["poly_agent_message"]?["text"] == "Hello there, how can I help?")
        }
    }

    /// The frames of a new session after joining, until the greeting is complete.
    static func joined(streaming: Bool, options: PolyAIServerOptions = PolyAIServerOptions()) async throws -> [PolyAIFrame] {
        try await PolyAITestServer.with(options: options) { http, base in
            let (token, session) = try await http.handshake(streaming: streaming)
            let outcome = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { probe in
                try await probe.send(type: "REQUEST_POLY_AGENT_JOIN")
                try await probe.wait { frames in
                    frames.contains { $0.type == "EVENT_TYPE_POLY_AGENT_MESSAGE" || $0.payload?["is_complete"] == true }
                }
            }
            return outcome.frames
        }
    }

    /// Runs `body` on a socket of a new session (not streaming), joined and greeted unless told not to.
    static func conversation(join: Bool = true, _ body: @escaping @Sendable (PolyAISocketProbe) async throws -> Void) async throws {
        try await PolyAITestServer.with { http, base in
            let (token, session) = try await http.handshake()
            _ = try await PolyAISocketProbe.connect(PolyAITestServer.socket(base, token: token, session: session)) { probe in
                if join {
                    try await probe.send(type: "REQUEST_POLY_AGENT_JOIN")
                    try await probe.wait(for: "POLY_AGENT_MESSAGE")
                } else {
                    try await probe.wait(for: "EVENT_BATCH")
                }
                try await body(probe)
            }
        }
    }

    static func isTimestamp(_ value: JSONValue?) -> Bool {
        guard case .string(let text)? = value else { return false }
        return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) != nil
    }
}

extension JSONValue {
    /// The value with every object's members sorted by key: Foundation's parser does not keep
    /// key order, so parsed frames compare this way.
    var sorted: JSONValue {
        switch self {
        case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.sorted) }.sorted { $0.key < $1.key })
        case .array(let items): return .array(items.map(\.sorted))
        case .null, .bool, .number, .string: return self
        }
    }

    /// The number of elements of an array.
    var arrayCount: Int? {
        if case .array(let items) = self { return items.count }
        return nil
    }
}
