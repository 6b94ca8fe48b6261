import ParleyCore
import ParleyModel
import ParleyPolyAI
import Testing

/// Decoding text frames: the envelope rules of section 4.2 and the batch rules of section 7.
struct PolyFrameTests {
    typealias F = PolyFixtures

    static func decode(_ text: String) throws -> PolyFrame {
        try PolyFrame.decode(text).get()
    }

    @Test func theSessionStartFixtureDecodesWithItsEnvelope() throws {
        let frame = try Self.decode(F.sessionStart())
        #expect(frame.dropped == [])
        let event = try #require(frame.events.first)
        #expect(frame.events.count == 1)
        #expect(event.type == .sessionStart)
        #expect(event.id == "evt_1")
        #expect(event.sequence == 1)
        #expect(event.timestamp == "2026-05-07T12:00:00Z")
        let capabilities = PolyCapabilities(sessionStart: event.payload)
        #expect(capabilities == PolyCapabilities(streaming: true, maxMessageBytes: 65536, heartbeatSeconds: 30, maxReconnectAttempts: 10))
        #expect(event.json == F.json(F.sessionStart()))
    }

    @Test func missingCapabilitiesTakeTheSDKDefaults() throws {
        let event = try #require(Self.decode(F.event("SESSION_START", seq: 1)).events.first)
        #expect(PolyCapabilities(sessionStart: event.payload) == PolyCapabilities(streaming: false, maxMessageBytes: 1_048_576))
    }

    @Test func anIntegralDoubleIsASequenceAndAnythingElseIsTransient() throws {
        func sequence(_ raw: String) throws -> Int? {
            try Self.decode(#"{"type":"EVENT_TYPE_POLY_AGENT_THINKING","id":"a","timestamp":"t","sequence":\#(raw)}"#).events.first?.sequence
        }
        #expect(try sequence("7") == 7)
        #expect(try sequence("7.0") == 7)
        #expect(try sequence("7.5") == nil)
        #expect(try sequence("null") == nil)
        #expect(try sequence("\"7\"") == nil)
    }

    @Test func aMissingOrNonObjectPayloadIsAnEmptyObject() throws {
        for payload in ["", #","payload":null"#, #","payload":"text""#, #","payload":[1]"#] {
            let event = try #require(Self.decode(#"{"type":"EVENT_TYPE_POLY_AGENT_THINKING","id":"a","timestamp":"t"\#(payload)}"#).events.first)
            #expect(event.payload == .object([]))
        }
    }

    @Test func customMetadataIsKeptOnlyWhenEveryValueIsAString() throws {
        func custom(_ metadata: String) throws -> [String: String]? {
            try Self.decode(F.event("USER_MESSAGE", seq: 2, #"{"message_id":"m2","text":"Hello"}"#, metadata: metadata)).events.first?.custom
        }
        #expect(try custom(#"{"custom":{"local_id":"l-1","tab":"2"}}"#) == ["local_id": "l-1", "tab": "2"])
        #expect(try custom(#"{"custom":{"local_id":"l-1","n":2}}"#) == nil)
        #expect(try custom(#"{"other":1}"#) == nil)
        #expect(try custom(#"{"custom":"x"}"#) == nil)
        #expect(try Self.decode(F.event("USER_MESSAGE", seq: 2)).events.first?.custom == nil)
    }

    @Test func eventsWithoutIdOrTimestampAreDroppedWithAReason() throws {
        let noID = try Self.decode(#"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","timestamp":"t","payload":{"text":"x"}}"#)
        #expect(noID.events == [])
        #expect(noID.dropped == [#"EVENT_TYPE_POLY_AGENT_MESSAGE without an "id" was dropped"#])
        let noTimestamp = try Self.decode(#"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","id":"a","payload":{"text":"x"}}"#)
        #expect(noTimestamp.events == [])
        #expect(noTimestamp.dropped == [#"EVENT_TYPE_POLY_AGENT_MESSAGE without a "timestamp" was dropped"#])
        let numericID = try Self.decode(#"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","id":5,"timestamp":"t"}"#)
        #expect(numericID.events == [])
        #expect(numericID.dropped.count == 1)
    }

    @Test func anEmptyIdIsAccepted() throws {
        let event = try #require(Self.decode(#"{"type":"EVENT_TYPE_POLY_AGENT_THINKING","id":"","timestamp":"t"}"#).events.first)
        #expect(event.id == "")
    }

    @Test func aBareHeartbeatIsValid() throws {
        let frame = try Self.decode(#"{"type":"EVENT_TYPE_HEARTBEAT"}"#)
        #expect(frame.dropped == [])
        #expect(frame.events == [PolyEnvelope(type: .heartbeat, json: F.json(#"{"type":"EVENT_TYPE_HEARTBEAT"}"#))])
    }

    @Test func anEventWithoutAStringTypeIsDropped() throws {
        #expect(try Self.decode(#"{"id":"a","timestamp":"t"}"#).dropped == [#"an event without a string "type" was dropped"#])
        #expect(try Self.decode(#"{"type":3,"id":"a","timestamp":"t"}"#).events == [])
    }

    @Test func unknownAndLowercaseTypesDecodeAsUnknown() throws {
        let future = try #require(Self.decode(F.event("FUTURE_THING", seq: 4, #"{"x":1}"#)).events.first)
        #expect(future.type == .unknown("EVENT_TYPE_FUTURE_THING"))
        #expect(future.payload == F.json(#"{"x":1}"#))
        let lower = try #require(Self.decode(#"{"type":"event_type_session_end","id":"a","timestamp":"t"}"#).events.first)
        #expect(lower.type == .unknown("event_type_session_end"))
    }

    @Test func textThatIsNotAJSONObjectFailsQuotingItsStart() {
        #expect(PolyFrame.decode("hello") == .failure(PolyFrameError("PolyAI sent a text frame that is not JSON: hello")))
        #expect(PolyFrame.decode("[1,2]") == .failure(PolyFrameError("PolyAI sent a text frame that is not a JSON object: [1,2]")))
        #expect(PolyFrame.decode("\"x\"") == .failure(PolyFrameError("PolyAI sent a text frame that is not a JSON object: \"x\"")))
        let long = String(repeating: "a", count: 100)
        #expect(
            PolyFrame.decode(long)
                == .failure(PolyFrameError("PolyAI sent a text frame that is not JSON: " + String(repeating: "a", count: 80) + "…")))
    }

    // MARK: - Batches

    static let echo = F.event("USER_MESSAGE", seq: 3, #"{"message_id":"m2","text":"Hello"}"#)

    @Test func aBatchFlattensInSequenceOrder() throws {
        let frame = try Self.decode(F.batch([F.sessionStart(seq: 1), F.agentMessage("Hi", seq: 2), Self.echo]))
        #expect(frame.events.map(\.type) == [.sessionStart, .polyAgentMessage, .userMessage])
        #expect(frame.events.map(\.sequence) == [1, 2, 3])
        #expect(frame.events[2].payload == F.json(#"{"message_id":"m2","text":"Hello"}"#))
    }

    @Test func anOutOfOrderBatchIsSortedBySequence() throws {
        let frame = try Self.decode(F.batch([Self.echo, F.sessionStart(seq: 1), F.agentMessage("Hi", seq: 2)]))
        #expect(frame.events.map(\.sequence) == [1, 2, 3])
    }

    @Test func sequenceLessEventsGoLastInTheirOriginalOrder() throws {
        let frame = try Self.decode(
            F.batch([
                F.event("LIVE_AGENT_TYPING", id: "t1", #"{"state":"TYPING_STATE_STARTED"}"#), Self.echo,
                F.event("LIVE_AGENT_TYPING", id: "t2", #"{"state":"TYPING_STATE_STOPPED"}"#), F.sessionStart(seq: 1),
            ]))
        #expect(frame.events.map(\.id) == ["evt_1", "evt_3", "t1", "t2"])
    }

    @Test func equalSequencesKeepTheirOrder() throws {
        let frame = try Self.decode(F.batch([F.event("POLY_AGENT_THINKING", seq: 5, id: "b"), F.event("POLY_AGENT_THINKING", seq: 5, id: "a")]))
        #expect(frame.events.map(\.id) == ["b", "a"])
    }

    @Test func aNullOrMissingBatchPayloadHasNoEvents() throws {
        #expect(try Self.decode(#"{"type":"EVENT_TYPE_EVENT_BATCH","payload":null}"#) == PolyFrame())
        #expect(try Self.decode(#"{"type":"EVENT_TYPE_EVENT_BATCH"}"#) == PolyFrame())
        #expect(try Self.decode(#"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{}}"#) == PolyFrame())
        #expect(try Self.decode(#"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[]}}"#) == PolyFrame())
    }

    @Test func aMalformedBatchIsDroppedWhole() throws {
        let primitive = try Self.decode(F.batch([F.sessionStart(), "3", F.agentMessage("Hi", seq: 2)]))
        #expect(primitive.events == [])
        #expect(primitive.dropped == ["an EVENT_BATCH with an element that is not an object was dropped whole"])
        let notArray = try Self.decode(#"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":{"a":1}}}"#)
        #expect(notArray == PolyFrame(dropped: ["an EVENT_BATCH whose payload.events is not an array was dropped"]))
        let notObject = try Self.decode(#"{"type":"EVENT_TYPE_EVENT_BATCH","payload":[1]}"#)
        #expect(notObject == PolyFrame(dropped: ["an EVENT_BATCH whose payload is not an object was dropped"]))
    }

    @Test func aNestedEventMayCarryItsPayloadUnderTheOneofKey() throws {
        let oneof = #"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","id":"a","sequence":1,"timestamp":"t","poly_agent_message":{"message_id":"m1","text":"Hi"}}"#
        let both = #"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","id":"b","sequence":2,"timestamp":"t","payload":{"text":"wins"},"poly_agent_message":{"text":"loses"}}"#
        let neither = #"{"type":"EVENT_TYPE_POLY_AGENT_JOINED","id":"c","sequence":3,"timestamp":"t","payload":null,"poly_agent_message":{"text":"wrong key"}}"#
        let frame = try Self.decode(F.batch([oneof, both, neither]))
        #expect(frame.events.map(\.payload) == [F.json(#"{"message_id":"m1","text":"Hi"}"#), F.json(#"{"text":"wins"}"#), .object([])])
    }

    @Test func aNestedEventWithoutIdIsDroppedAloneAndANestedHeartbeatNeedsNone() throws {
        let frame = try Self.decode(
            F.batch([#"{"type":"EVENT_TYPE_POLY_AGENT_THINKING","sequence":2,"timestamp":"t"}"#, #"{"type":"EVENT_TYPE_HEARTBEAT"}"#, F.sessionStart()]))
        #expect(frame.events.map(\.type) == [.sessionStart, .heartbeat])
        #expect(frame.dropped == [#"EVENT_TYPE_POLY_AGENT_THINKING without an "id" was dropped (in a batch)"#])
    }
}
