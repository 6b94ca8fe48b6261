import ParleyCometChat
import ParleyModel
import Testing

/// CometChat frames and settings with numbers past what Parley can hold: a violation naming the
/// field, never a trap and never "missing" (issue 13, point 6).
@Suite("CometChat number limits")
struct CometChatNumberLimitTests {

    static func violation(_ text: String) -> String? {
        if case .failure(let violation) = CometChatFrame.decode(text) { return violation.message }
        return nil
    }

    @Test("1e300 as a run id, a message id or a time is a violation naming the field")
    func hugeIds() {
        let range = "not a whole number from -9007199254740991 to 9007199254740991"
        // body.id and body.data.runId both carry the run id; either may be named first.
        let run = Self.violation(F.streamed("run_started", run: "1e300")) ?? ""
        #expect(run.hasPrefix("CometChat sent a streamed_message frame with body.") && run.hasSuffix("1e+300, \(range)"))
        #expect(
            Self.violation(F.streamed("run_started", run: "17", #""messageId":-1e300"#))
                == "CometChat sent a streamed_message frame with body.data.messageId -1e+300, \(range)")
        #expect(
            Self.violation(F.message(#"{"id":1e300,"sender":"a","category":"message","type":"text"}"#))
                == "CometChat sent a message frame with body.id 1e+300, \(range)")
        #expect(
            Self.violation(F.message(#"{"id":5,"sender":"a","category":"message","type":"text","sentAt":1e300}"#))
                == "CometChat sent a message frame with body.sentAt 1e+300, \(range)")
    }

    @Test("a message read from the REST API with a huge id is a violation too")
    func hugeRESTMessage() {
        let result = CometChatMessage.decode(F.json(#"{"id":1e300,"sender":"a","category":"message","type":"text"}"#))
        guard case .failure(let violation) = result else {
            Issue.record("a message id of 1e300 was accepted")
            return
        }
        #expect(violation.message == "CometChat sent a message with id 1e+300, not a whole number from -9007199254740991 to 9007199254740991")
    }

    @Test("ids within the range still read, as numbers and numeric strings")
    func idsInRange() throws {
        #expect(Self.violation(F.streamed("run_started", run: "9007199254740991")) == nil)
        #expect(Self.violation(F.streamed("run_started", run: "17")) == nil)
    }

    @Test("settings: a timeout or quiet period past 100 years is refused")
    func hugeSettings() {
        let base: [String: JSONValue] = ["app_id": "app1", "region": "eu", "api_key": "k", "user": "u1", "agent": "bot"]
        for key in ["timeout", "quiet"] {
            var settings = base
            settings[key] = .number(1e300)
            do {
                _ = try CometChatSettings(settings: settings, duration: { _ in nil })
                Issue.record("\(key) 1e300 was accepted")
            } catch {
                #expect(error.message == "`\(key)` 1e+300 is too long; the longest is 100 years (3153600000s)")
            }
        }
    }
}
