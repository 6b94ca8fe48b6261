import MyBotConnector
import Parley
import Testing

/// The connector's pure half: what an answer of the bot means to a flow, and what it refuses.
@Suite struct BotAnswerTests {
    static func answer(_ text: String) throws -> BotAnswer {
        try BotAnswer(JSONValue(parsing: text))
    }

    @Test func aTurnIsARunWithItsToolCallsAndRepliesThenItsEnd() throws {
        let answer = try Self.answer(
            #"{"replies": [{"text": "One"}, {"text": "Two", "suggestions": ["Yes", "No"]}], "tool_calls": [{"id": "c1", "name": "lookup_order", "args": {"order_id": "A-1"}}]}"#
        )
        let events = answer.events(runID: "s-1-1", sessionID: "s-1")
        #expect(
            events == [
                .runStarted(runID: "s-1-1", threadID: "s-1"),
                .toolCall(ToolCall(id: "c1", name: "lookup_order", args: .object([JSONMember("order_id", "A-1")]))),
                .reply(Reply(messageID: "s-1-1-1", text: "One")),
                .reply(Reply(messageID: "s-1-1-2", text: "Two", suggestions: ["Yes", "No"])),
                .runFinished(runID: "s-1-1", outcome: .success),
                .turnEnded,
            ])
    }

    @Test func anAnswerWithNoRepliesStillEndsTheTurn() throws {
        let events = try Self.answer(#"{"replies": []}"#).events(runID: "r", sessionID: "s")
        #expect(events == [.runStarted(runID: "r", threadID: "s"), .runFinished(runID: "r", outcome: .success), .turnEnded])
    }

    @Test(arguments: [
        (#"[1, 2]"#, "the answer is not a JSON object"),
        (#"{"reply": []}"#, "`replies` is missing or not a list"),
        (#"{"replies": [{"txt": "Hi"}]}"#, "replies[0] has no `text`"),
        (#"{"replies": [{"text": "Hi", "suggestions": "Yes"}]}"#, "replies[0].suggestions is not a list"),
        (#"{"replies": [{"text": "Hi", "suggestions": [1]}]}"#, "replies[0].suggestions holds a non-text item"),
        (#"{"replies": [], "tool_calls": [{"name": "x"}]}"#, "tool_calls[0] needs `id` and `name`"),
        (#"{"replies": [], "tool_calls": {}}"#, "`tool_calls` is not a list"),
    ])
    func anAnswerOutsideTheProtocolSaysWhatIsWrong(text: String, problem: String) throws {
        let error = #expect(throws: ConnectorError.self) { try Self.answer(text) }
        #expect(error?.message == "the bot's answer does not follow the mybot protocol: \(problem)")
    }
}
