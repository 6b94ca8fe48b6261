import ParleyCore
import ParleyModel
import ParleyParser
import ParleyPolyAI
import Testing

/// PolyAI frames and settings with numbers past what Parley can hold: a protocol failure with
/// the field named, never a trap (issue 13, point 6).
@Suite("PolyAI number limits")
struct PolyNumberLimitTests {
    typealias F = PolyFixtures

    static func failure(_ text: String) -> String? {
        if case .failure(let error) = PolyFrame.decode(text) { return error.message }
        return nil
    }

    @Test("1e300 in any whole-number field of an event breaks the protocol, naming the field")
    func hugeFields() {
        let range = "not a whole number from -9007199254740991 to 9007199254740991"
        #expect(
            Self.failure(#"{"type":"EVENT_TYPE_POLY_AGENT_THINKING","id":"a","timestamp":"t","sequence":1e300}"#)
                == "PolyAI sent EVENT_TYPE_POLY_AGENT_THINKING with sequence 1e+300, \(range)")
        #expect(
            Self.failure(F.event("POLY_AGENT_MESSAGE_CHUNK", seq: 2, #"{"message_id":"m","text":"a","chunk_index":1e300}"#))
                == "PolyAI sent EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK with payload.chunk_index 1e+300, \(range)")
        #expect(
            Self.failure(F.event("HANDOFF_QUEUE_STATUS", seq: 3, #"{"position_in_queue":-1e300}"#))
                == "PolyAI sent EVENT_TYPE_HANDOFF_QUEUE_STATUS with payload.position_in_queue -1e+300, \(range)")
        #expect(
            Self.failure(F.event("SESSION_START", seq: 1, #"{"capabilities":{"max_message_size_bytes":1e300}}"#))
                == "PolyAI sent EVENT_TYPE_SESSION_START with payload.capabilities.max_message_size_bytes 1e+300, \(range)")
    }

    @Test("a wait or heartbeat longer than 100 years breaks the protocol; one within it reads")
    func hugeSeconds() {
        #expect(
            Self.failure(F.event("HANDOFF_QUEUE_STATUS", seq: 3, #"{"estimated_wait_seconds":9000000000000000}"#))
                == "PolyAI sent EVENT_TYPE_HANDOFF_QUEUE_STATUS with payload.estimated_wait_seconds 9000000000000000, longer than 100 years (3153600000s)")
        #expect(
            Self.failure(F.event("SESSION_START", seq: 1, #"{"capabilities":{"heartbeat_interval_seconds":1e12}}"#))
                == "PolyAI sent EVENT_TYPE_SESSION_START with payload.capabilities.heartbeat_interval_seconds 1000000000000, longer than 100 years (3153600000s)")
        #expect(Self.failure(F.event("HANDOFF_QUEUE_STATUS", seq: 3, #"{"estimated_wait_seconds":90}"#)) == nil)
    }

    @Test("inside a batch the event with the huge number fails the frame")
    func hugeFieldInABatch() {
        let batch = #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[\#(F.event("POLY_AGENT_THINKING", seq: 1)),{"type":"EVENT_TYPE_POLY_AGENT_THINKING","id":"b","timestamp":"t","sequence":1e300}]}}"#
        #expect(Self.failure(batch)?.contains("sequence 1e+300") == true)
    }

    @Test("the conversation reports the violation as a failure, not a crash")
    func conversationFails() {
        var conversation = PolyConversation(options: .init(), makeID: { "id" })
        let reaction = conversation.receive(
            text: F.event("HANDOFF_QUEUE_STATUS", seq: 3, #"{"estimated_wait_seconds":1e300}"#), at: .zero)
        #expect(reaction.failure?.contains("estimated_wait_seconds 1e+300") == true)
    }

    @Test("settings: durations past 100 years and max_reconnects past the whole numbers are refused")
    func hugeSettings() {
        func message(_ key: String, _ value: JSONValue) -> String? {
            do {
                _ = try PolyAISettings(settings: ["connector_token": "tok", key: value], duration: DurationParser.parse)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("heartbeat", .number(1e300)) == "`heartbeat` 1e+300 is too long; the longest is 100 years (3153600000s)")
        #expect(message("timeout", "99999999999999999999s")?.contains("at most 100 years") == true)
        #expect(message("quiet", .number(1e300))?.contains("100 years") == true)
        #expect(message("max_reconnects", .number(1e30))?.contains("must be a whole number up to 9007199254740991") == true)
        #expect(message("heartbeat", .number(3_153_600_000)) == nil)
    }
}
