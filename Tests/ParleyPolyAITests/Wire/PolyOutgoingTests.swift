import ParleyCore
import ParleyModel
import ParleyPolyAI
import Testing

/// The five client frames, byte for byte: every one carries a `payload` object.
struct PolyOutgoingTests {
    @Test func aUserMessageCarriesItsTextAndLocalID() {
        #expect(
            PolyOutgoing.userMessage(text: "Hello", localID: "l-1").text
                == #"{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"Hello"},"metadata":{"custom":{"local_id":"l-1"}}}"#)
    }

    @Test func typingFramesNameTheirState() {
        #expect(PolyOutgoing.userTyping(.started).text == #"{"type":"EVENT_TYPE_USER_TYPING","payload":{"state":"TYPING_STATE_STARTED"}}"#)
        #expect(PolyOutgoing.userTyping(.stopped).text == #"{"type":"EVENT_TYPE_USER_TYPING","payload":{"state":"TYPING_STATE_STOPPED"}}"#)
    }

    @Test func joinHeartbeatAndEndHaveAnEmptyPayload() {
        #expect(PolyOutgoing.requestPolyAgentJoin.text == #"{"type":"EVENT_TYPE_REQUEST_POLY_AGENT_JOIN","payload":{}}"#)
        #expect(PolyOutgoing.heartbeat.text == #"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#)
        #expect(PolyOutgoing.userEndSession.text == #"{"type":"EVENT_TYPE_USER_END_SESSION","payload":{}}"#)
    }

    @Test func everyFrameParsesBackWithAPayloadObject() throws {
        let frames: [PolyOutgoing] = [
            .userMessage(text: "x", localID: "y"), .userTyping(.started), .userTyping(.stopped), .requestPolyAgentJoin, .heartbeat,
            .userEndSession,
        ]
        for frame in frames {
            let value = try JSONValue(parsing: frame.text)
            guard case .object? = value["payload"] else { return #expect(Bool(false), "\(frame) has no payload object") }
            #expect(value["type"] == .string(frame.type.wire))
        }
    }

    @Test func emojiQuotesAndNewlinesStayValidJSON() throws {
        let text = "Café 👋 \"quoted\"\nnext line\\"
        let value = try JSONValue(parsing: PolyOutgoing.userMessage(text: text, localID: "l").text)
        #expect(value["payload"]?["text"] == .string(text))
    }
}
