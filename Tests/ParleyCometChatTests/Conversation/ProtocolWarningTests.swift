import ParleyCometChat
import ParleyModel
import Testing

/// Frames the SDK ignores or reads with defaults: each is one `protocol_warning` (what was wrong,
/// and the frame), the flow's run goes on around it, and none holds the turn open.
@Suite("cometchat protocol warnings")
struct ProtocolWarningTests {
    static func warnings(_ events: [AgentEvent]) -> [(message: String, frame: String?)] {
        events.compactMap { event in
            if case .protocolWarning(let message, let frame) = event { return (message, frame) }
            return nil
        }
    }

    @Test("garbage between a run's frames: each a warning with its reason and frame; the run and its turn end as usual")
    func garbageAmidARun() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        _ = driver.conversation.sent(messageID: 17, at: .zero)
        let garbage = [
            "not json at all", "[1,2,3]", #"{"body":{"x":1}}"#, #"{"type":"hologram","body":{}}"#,
            F.streamed("state_snapshot", #""snapshot":{}"#), #"{"type":"message","body":{"category":"message","type":"text"}}"#,
            #"{"type":"interaction_completed","body":{}}"#,
        ]
        var frames = F.weatherRun
        for (index, text) in garbage.enumerated() { frames.insert(text, at: 1 + index) }
        for text in frames { driver.receive(text, at: 1, warnings: true) }
        let binary = driver.conversation.receiveBinary(byteCount: 12, at: ConversationDriver.at(1))
        driver.events += binary
        driver.receive([F.toolArgumentsMessage, F.toolResultMessage, F.assistantMessage], at: 1.2)
        let warnings = Self.warnings(driver.events)
        #expect(
            warnings.map(\.message) == [
                "CometChat sent a frame that is not JSON: not json at all",
                "CometChat sent a frame that is not a JSON object: [1,2,3]",
                #"CometChat sent a frame without a string "type": {"body":{"x":1}}"#,
                #"CometChat sent a frame of unknown type "hologram" (the SDK ignores it)"#,
                #"CometChat sent a streamed event of unknown type "state_snapshot" in run 17 (the SDK ignores it)"#,
                #"CometChat sent a message without a numeric "id": {"category":"message","type":"text"}"#,
                #"CometChat sent an interaction_completed frame without a numeric body.messageId: {"body":{},"type":"interaction_completed"}"#,
                "CometChat sent a binary WebSocket frame (12 bytes); its realtime frames are JSON text (the SDK ignores it)",
            ])
        #expect(warnings.first?.frame == "not json at all")
        #expect(warnings[3].frame == #"{"body":{},"type":"hologram"}"#)
        #expect(warnings.last?.frame == nil)
        #expect(driver.events.contains(.reply(Reply(messageID: "sm-1", text: "It is 31°C and sunny in Mumbai."))))
        #expect(driver.events.last == .turnEnded)
        #expect(driver.turnEnds == 1)
    }

    @Test("a streamed event without its ids is read with the SDK's defaults and warned about")
    func missingIdsAreDefaultedAndWarned() {
        var driver = ConversationDriver()
        driver.receive(F.streamed("run_started"), at: 0)
        driver.receive(F.streamed("text_message_start", #""role":"assistant""#), at: 0, warnings: true)
        driver.receive(F.streamed("text_message_content", #""delta":"Hi there""#), at: 0, warnings: true)
        driver.receive(F.streamed("text_message_end"), at: 0, warnings: true)
        #expect(driver.events.contains(.reply(Reply(messageID: "", text: "Hi there"))))
        #expect(driver.warnings.count == 3)
        #expect(driver.warnings.allSatisfy { $0.contains("without data.streamMessageId (read as \"\", as the SDK does)") })
    }

    @Test("warnings do not hold the turn open: the quiet period runs from the last real event")
    func warningsDoNotHoldTheTurn() {
        var driver = ConversationDriver(quiet: .milliseconds(500))
        driver.userActed(at: 0)
        driver.receive([F.streamed("run_started"), F.streamed("run_finished")], at: 1)
        #expect(driver.conversation.deadline == ConversationDriver.at(1.5))
        driver.receive("garbage", at: 1.4, warnings: true)
        #expect(driver.conversation.deadline == ConversationDriver.at(1.5))
        #expect(driver.tick(at: 1.5) == [.turnEnded])
    }

    @Test("a frame's excerpt in the warning is cut at 1000 characters")
    func longFramesAreCut() {
        var driver = ConversationDriver()
        let long = String(repeating: "x", count: 5000)
        driver.receive(long, warnings: true)
        guard case .protocolWarning(_, let frame)? = driver.events.first else {
            Issue.record("no warning: \(driver.events)")
            return
        }
        #expect(frame == String(repeating: "x", count: 1000) + "…")
    }
}
