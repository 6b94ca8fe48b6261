import ParleyModel
import ParleyPolyAI
import Testing

/// Chunks become progressive text and one assembled reply (section 8), under both joining rules.
struct StreamAssemblyTests {
    typealias F = PolyFixtures

    @Test func spaceJoiningGivesHelloWorldAndDeltasThatAddUpToIt() {
        var driver = ConversationDriver(joining: .space)
        driver.receive(F.chunk("Hello", index: 1, seq: 1))
        driver.receive(F.chunk("world", index: 2, seq: 2))
        driver.receive(F.chunk("!", index: 3, complete: true, seq: 3))
        #expect(
            driver.events == [
                .textStart(messageID: "mc"), .textDelta(messageID: "mc", delta: "Hello"), .textDelta(messageID: "mc", delta: " world"),
                .textDelta(messageID: "mc", delta: " !"), .textEnd(messageID: "mc"), .reply(Reply(messageID: "mc", text: "Hello world !")),
            ])
    }

    @Test func concatenationKeepsTheChunksSpacing() {
        var driver = ConversationDriver(joining: .concatenate)
        driver.receive(F.chunk("Hello ", index: 1, seq: 1))
        driver.receive(F.chunk("there, ", index: 2, seq: 2))
        driver.receive(F.chunk("Sam", index: 3, complete: true, seq: 3))
        #expect(
            driver.events == [
                .textStart(messageID: "mc"), .textDelta(messageID: "mc", delta: "Hello "), .textDelta(messageID: "mc", delta: "there, "),
                .textDelta(messageID: "mc", delta: "Sam"), .textEnd(messageID: "mc"), .reply(Reply(messageID: "mc", text: "Hello there, Sam")),
            ])
    }

    @Test func theFinalTextFollowsChunkIndexWhileDeltasFollowArrival() {
        for (joining, expected) in [(ChunkJoining.space, "one two three"), (.concatenate, "onetwothree")] {
            var driver = ConversationDriver(joining: joining)
            driver.receive(F.chunk("two", index: 2, seq: 1))
            driver.receive(F.chunk("one", index: 1, seq: 2))
            driver.receive(F.chunk("three", index: 3, complete: true, seq: 3))
            #expect(driver.events.last == .reply(Reply(messageID: "mc", text: expected)))
            let deltas = driver.events.compactMap { if case .textDelta(_, let delta) = $0 { delta } else { nil } }
            #expect(deltas.first == "two")
        }
    }

    @Test func aRepeatedChunkIndexIsNotDeduplicated() {
        var driver = ConversationDriver()
        for (seq, (index, text)) in [(1, "alpha"), (2, "beta"), (2, "beta"), (3, "gamma"), (4, "delta")].enumerated() {
            driver.receive(F.chunk(text, index: index, complete: index == 4, seq: seq + 1))
        }
        #expect(driver.events.last == .reply(Reply(messageID: "mc", text: "alpha beta beta gamma delta")))
    }

    @Test func aReplayedChunkWithTheSameEnvelopeIdIsDeduplicated() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("alpha", index: 1, seq: 1))
        driver.receive(F.chunk("alpha", index: 1, seq: 1))
        driver.receive(F.chunk("beta", index: 2, complete: true, seq: 2))
        #expect(driver.events.last == .reply(Reply(messageID: "mc", text: "alpha beta")))
        #expect(driver.dropped == ["EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK evt_1 was a duplicate and was dropped"])
    }

    @Test func emptyAndMissingTextsAreSkippedWhenJoiningWithSpaces() {
        var driver = ConversationDriver()
        driver.receive(F.chunk(nil, index: 1, seq: 1))
        driver.receive(F.chunk("Hello", index: 2, seq: 2))
        driver.receive(F.chunk("", index: 3, seq: 3))
        driver.receive(F.chunk("there", index: 4, complete: true, seq: 4))
        #expect(
            driver.events == [
                .textStart(messageID: "mc"), .textDelta(messageID: "mc", delta: "Hello"), .textDelta(messageID: "mc", delta: " there"),
                .textEnd(messageID: "mc"), .reply(Reply(messageID: "mc", text: "Hello there")),
            ])
    }

    @Test func anEmptyFinalChunkMayCarryLateAttachmentsAndSuggestions() {
        var driver = ConversationDriver()
        let image = #"{"content_type":"ATTACHMENT_CONTENT_TYPE_IMAGE","content_url":"https://x.test/a.png"}"#
        let card = #"{"content_type":"ATTACHMENT_CONTENT_TYPE_URL","title":"no url"}"#
        driver.receive(F.chunk("Pick", index: 1, seq: 1, extra: #","attachments":[\#(image),\#(card)],"response_suggestions":[{"message_text":"A"}]"#))
        driver.receive(F.chunk("one", index: 2, seq: 2, extra: #","response_suggestions":[]"#))
        driver.receive(
            F.chunk(
                "", index: 3, complete: true, seq: 3,
                extra: #","attachments":[\#(image),\#(card)],"response_suggestions":[{"message_text":"B"},{"message_text":"C"}]"#))
        let imageValue = F.object(("content_type", "image"), ("url", "https://x.test/a.png"))
        let cardValue = F.object(("content_type", "url"), ("title", "no url"))
        #expect(
            driver.events.last
                == .reply(Reply(messageID: "mc", text: "Pick one", suggestions: ["B", "C"], attachments: [imageValue, cardValue, cardValue])))
    }

    @Test func aStreamWithNoContentIsDroppedButItsTextIsClosed() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("", index: 1, seq: 1))
        driver.receive(F.chunk(nil, index: 2, complete: true, seq: 2))
        #expect(driver.events == [.textStart(messageID: "mc"), .textEnd(messageID: "mc")])
    }

    @Test func aChunkOfAnotherMessageFinalizesTheOpenStreamFirst() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("first", index: 1, messageID: "a", seq: 1))
        driver.receive(F.chunk("second", index: 1, complete: true, messageID: "b", seq: 2))
        #expect(
            driver.events == [
                .textStart(messageID: "a"), .textDelta(messageID: "a", delta: "first"), .textEnd(messageID: "a"),
                .reply(Reply(messageID: "a", text: "first")), .textStart(messageID: "b"), .textDelta(messageID: "b", delta: "second"),
                .textEnd(messageID: "b"), .reply(Reply(messageID: "b", text: "second")),
            ])
    }

    @Test func sessionEndFinalizesTheOpenStreamBeforeEnding() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("cut", index: 1, seq: 1))
        driver.receive(F.event("SESSION_END", seq: 2, #"{"reason":"agent_ended"}"#))
        #expect(
            driver.events == [
                .textStart(messageID: "mc"), .textDelta(messageID: "mc", delta: "cut"), .textEnd(messageID: "mc"),
                .reply(Reply(messageID: "mc", text: "cut")), .sessionEnded(reason: "agent_ended"), .turnEnded,
            ])
    }

    @Test func aCleanCloseFinalizesTheOpenStream() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("cut", index: 1, seq: 1))
        driver.clear()
        driver.closedCleanly(at: 1)
        #expect(driver.events == [.textEnd(messageID: "mc"), .reply(Reply(messageID: "mc", text: "cut")), .turnEnded])
        #expect(driver.conversation.hasEnded)
    }

    @Test func theUsersEndFinalizesTheOpenStream() {
        var driver = ConversationDriver()
        driver.receive(F.chunk("cut", index: 1, seq: 1))
        driver.clear()
        driver.end(at: 1)
        #expect(
            driver.events == [.textEnd(messageID: "mc"), .reply(Reply(messageID: "mc", text: "cut")), .sessionEnded(reason: "user_ended"), .turnEnded])
        #expect(driver.frames == [Sent.end])
    }

    @Test func theFirstChunkStopsTheAgentsThinking() {
        var driver = ConversationDriver()
        driver.receive(F.event("POLY_AGENT_THINKING"))
        driver.receive(F.chunk("Hi", index: 1, seq: 1))
        #expect(
            driver.events == [
                .typing(who: .agent, isTyping: true), .typing(who: .agent, isTyping: false), .textStart(messageID: "mc"),
                .textDelta(messageID: "mc", delta: "Hi"),
            ])
    }

    @Test func aChunkAtTheSizeBoundaryIsNotTruncated() {
        var driver = ConversationDriver()
        let text = String(repeating: "y", count: 65536)
        driver.receive(F.chunk(text, index: 1, complete: true, seq: 1))
        #expect(driver.events.last == .reply(Reply(messageID: "mc", text: text)))
    }
}
