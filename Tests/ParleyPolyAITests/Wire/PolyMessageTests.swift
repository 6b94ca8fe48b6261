import ParleyCore
import ParleyModel
import ParleyPolyAI
import Testing

/// Message and chunk payloads read as the SDK reads them, normalized into reply parts.
struct PolyMessageTests {
    typealias F = PolyFixtures

    @Test func theSDKAgentMessageFixture() {
        let message = PolyMessage(
            payload: F.json(
                #"{"message_id":"msg_abc","text":"Hello there!","agent_name":"Poly","attachments":[{"content_type":"ATTACHMENT_CONTENT_TYPE_IMAGE","content_url":"https://example.com/shot.png","title":"Screenshot"}],"response_suggestions":[{"message_text":"Yes","payload":"yes_intent"}]}"#))
        #expect(
            message.reply(from: .agent)
                == Reply(
                    messageID: "msg_abc", text: "Hello there!", from: .agent, agentName: "Poly", suggestions: ["Yes"],
                    attachments: [F.object(("content_type", "image"), ("url", "https://example.com/shot.png"), ("title", "Screenshot"))]))
        #expect(message.endConversation == false)
        #expect(message.hasContent)
    }

    @Test func aURLCardKeepsEveryFieldAndEmptyURLsAreLeftOut() {
        let message = PolyMessage(
            payload: F.json(
                #"{"attachments":[{"content_type":"ATTACHMENT_CONTENT_TYPE_URL","content_url":"https://x.test/l","title":"Our locations","preview_image_url":"https://x.test/p.png","call_to_action_text":"View locations"},{"content_type":"ATTACHMENT_CONTENT_TYPE_VIDEO","content_url":"","preview_image_url":""},{"title":"bare"},"not an object"]}"#))
        #expect(
            message.attachments == [
                F.object(
                    ("content_type", "url"), ("url", "https://x.test/l"), ("title", "Our locations"), ("preview_image_url", "https://x.test/p.png"),
                    ("call_to_action_text", "View locations")),
                F.object(("content_type", "unknown")),
                F.object(("content_type", "unknown"), ("title", "bare")),
            ])
    }

    @Test func callActionsAloneAreContent() {
        let message = PolyMessage(payload: F.json(#"{"message_id":"m","text":"","chat_call_actions":[{"title":"Call support","contact_number":"+15551234567"}]}"#))
        #expect(message.callActions == [F.object(("title", "Call support"), ("contact_number", "+15551234567"))])
        #expect(message.hasContent)
    }

    @Test func anEmptyPayloadTakesTheDefaultsAndHasNoContent() {
        let message = PolyMessage(payload: .object([]))
        #expect(message.messageID == "")
        #expect(message.text == nil)
        #expect(message.agentName == nil)
        #expect(message.chunkIndex == 0)
        #expect(message.isComplete == false)
        #expect(message.endConversation == false)
        #expect(!message.hasContent)
        #expect(!PolyMessage(payload: F.json(#"{"text":""}"#)).hasContent)
    }

    @Test func theSDKChunkFixture() {
        let chunk = PolyMessage(payload: F.json(#"{"message_id":"msg_chunk_1","chunk_index":2,"is_complete":false,"text":"partial response"}"#))
        #expect(chunk.messageID == "msg_chunk_1")
        #expect(chunk.chunkIndex == 2)
        #expect(chunk.isComplete == false)
        #expect(chunk.text == "partial response")
        #expect(PolyMessage(payload: F.json(#"{"chunk_index":3.0,"is_complete":true}"#)).chunkIndex == 3)
    }

    @Test func aSuggestionWithoutTextIsKeptEmptyAsTheSDKDefaults() {
        #expect(PolyMessage(payload: F.json(#"{"response_suggestions":[{"payload":"p"},{"message_text":"No"}]}"#)).suggestions == ["", "No"])
    }

    @Test func aLargeInboundTextPassesWhole() {
        let text = String(repeating: "x", count: 512 * 1024)
        #expect(PolyMessage(payload: .object([JSONMember("text", .string(text))])).text?.count == 512 * 1024)
    }
}
