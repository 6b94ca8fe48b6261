import ParleyAGUI
import ParleyCore
import ParleyModel
import Testing

/// An AG-UI agent's numbers past what Parley can hold fail the flow with the reason, never trap
/// (issue 13, point 6); so does a connector setting past the longest duration.
@Suite("AG-UI number limits")
struct NumberLimitTests {
    static func handoff(_ members: [JSONMember]) -> String? {
        do {
            _ = try CustomEventCodec.decode(.handoff, .object([JSONMember("stage", "queued")] + members))
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a handoff's waitSeconds or queuePosition of 1e300 breaks the convention, with the field named")
    func hugeHandoffNumbers() {
        #expect(
            Self.handoff([JSONMember("waitSeconds", .number(1e300))])
                == "a CUSTOM handoff event does not follow the convention: waitSeconds 1e+300 is not a wait from 0 to 100 years (3153600000s)")
        #expect(
            Self.handoff([JSONMember("queuePosition", .number(1e300))])
                == "a CUSTOM handoff event does not follow the convention: queuePosition 1e+300 is not a whole number from 0 to 9007199254740991")
        #expect(Self.handoff([JSONMember("queuePosition", .number(-1))]) != nil)
        #expect(Self.handoff([JSONMember("waitSeconds", .number(90)), JSONMember("queuePosition", .number(3))]) == nil)
    }

    @Test("the same frame on the wire fails the flow as a broken convention, not a crash")
    func hugeHandoffOverTheConversation() {
        var conversation = AGUIConversation(
            threadID: "t1", settings: AGUIConversationTests.settings { $0.customMappings["handoff"] = .handoff })
        _ = conversation.begin(.send(text: "agent please"), runID: "r1")
        let value: JSONValue = .object([JSONMember("stage", "queued"), JSONMember("waitSeconds", .number(1e300))])
        let result = AGUIConversationTests.play(
            &conversation, AGUIConversationTests.run([AGUIEvent(.custom, [("name", "handoff"), ("value", value)])]))
        guard case .failure(let error) = result else {
            Issue.record("a wait of 1e300 seconds was accepted")
            return
        }
        #expect(error.message.contains("waitSeconds 1e+300 is not a wait from 0 to 100 years"))
    }

    @Test("a timeout of 1e300 seconds is refused with the longest allowed")
    func hugeTimeoutSetting() {
        for timeout: JSONValue in [.number(1e300), .string("99999999999999999999s")] {
            do {
                _ = try AGUISettings(settings: ["url": "http://127.0.0.1:1/", "timeout": timeout]) { _ in nil }
                Issue.record("timeout \(timeout) was accepted")
            } catch {
                #expect(error.message.contains("100 years"))
            }
        }
    }
}
