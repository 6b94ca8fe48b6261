import ParleyCometChat
import ParleyModel
import Testing

/// Streamed events become Parley's events, with the assembled reply and tool call.
@Suite("CometChat streamed events")
struct StreamMappingTests {
    @Test func theWeatherRunMapsEventByEvent() {
        var driver = ConversationDriver()
        driver.receive(F.weatherRun)
        let call = ToolCall(
            id: "tc-1", name: "getWeather", args: .object([JSONMember("city", "Mumbai")]), displayName: "Get Weather",
            executionText: "Checking the weather…")
        #expect(
            driver.events == [
                .runStarted(runID: "17", threadID: F.conversation),
                .toolCallStart(id: "tc-1", name: "getWeather"),
                .toolCallArgs(id: "tc-1", delta: #"{"city":"#),
                .toolCallArgs(id: "tc-1", delta: #""Mumbai"}"#),
                .toolCallEnd(id: "tc-1"),
                .toolCall(call),
                .toolResult(id: "tc-1", name: "getWeather", content: .object([JSONMember("sky", "sunny"), JSONMember("temp", 31)])),
                .textStart(messageID: "sm-1"),
                .textDelta(messageID: "sm-1", delta: "It is 31°C "),
                .textDelta(messageID: "sm-1", delta: "and sunny in Mumbai."),
                .textEnd(messageID: "sm-1"),
                .reply(Reply(messageID: "sm-1", text: "It is 31°C and sunny in Mumbai.")),
                .runFinished(runID: "17", outcome: .success),
            ])
        #expect(AgentEvent.toolCall(call).fields["display_name"] == "Get Weather")
        #expect(AgentEvent.toolCall(call).fields["execution_text"] == "Checking the weather…")
    }

    @Test func withoutArgumentDeltasTheEndsArgumentsAreTheArguments() {
        var driver = ConversationDriver()
        driver.receive([
            F.streamed("run_started"),
            F.streamed("tool_call_start", #""toolCallId":"tc-2","toolCallName":"lookup","arguments":"""#),
            F.streamed("tool_call_end", #""toolCallId":"tc-2","toolCallName":"lookup","arguments":"{\"order\":\"A-1\"}""#),
        ])
        #expect(driver.events.last == .toolCall(ToolCall(id: "tc-2", name: "lookup", args: .object([JSONMember("order", "A-1")]))))
    }

    @Test func argumentsThatAreNotJSONStayTextAndEmptyOnesAreAnEmptyObject() {
        var driver = ConversationDriver()
        driver.receive([
            F.streamed("tool_call_start", #""toolCallId":"a","toolCallName":"x""#),
            F.streamed("tool_call_end", #""toolCallId":"a","arguments":"not json""#),
            F.streamed("tool_call_start", #""toolCallId":"b","toolCallName":"y""#),
            F.streamed("tool_call_end", #""toolCallId":"b","arguments":"""#),
        ])
        let calls = driver.events.compactMap { event -> ToolCall? in
            if case .toolCall(let call) = event { return call }
            return nil
        }
        #expect(calls.map(\.args) == [.string("not json"), .object([])])
        #expect(calls.map(\.displayName) == [nil, nil])
    }

    @Test func aToolResultThatIsNotJSONIsText() {
        var driver = ConversationDriver()
        driver.receive(F.streamed("tool_call_result", #""toolCallId":"tc-9","content":"72°F, Sunny","role":"tool""#))
        #expect(driver.events == [.toolResult(id: "tc-9", name: nil, content: "72°F, Sunny")])
    }

    @Test func aStreamedValidCardPassesThrough() {
        var driver = ConversationDriver()
        driver.receive([
            F.streamed("card_start", #""streamMessageId":"sm-1","cardId":"card-1","executionText":"Building card…""#),
            F.streamed("card", #""streamMessageId":"sm-1","cardId":"card-1","card":\#(F.minimalCard)"#),
            F.streamed("card_end", #""cardId":"card-1""#),
        ])
        #expect(
            driver.events == [
                .cardStart(id: "card-1", executionText: "Building card…"), .card(id: "card-1", payload: F.json(F.minimalCard)),
                .cardEnd(id: "card-1"),
            ])
        #expect(driver.conversation.card("card-1") == F.json(F.minimalCard))
    }

    @Test func anInvalidCardIsAlsoARunError() {
        var driver = ConversationDriver()
        let broken = #"{"version":"1.0","body":[{"id":"b","type":"button","label":"Go","action":{"type":"openUrl"}}],"fallbackText":"x"}"#
        driver.receive(F.streamed("card", #""cardId":"card-2","card":\#(broken)"#))
        #expect(
            driver.events == [
                .card(id: "card-2", payload: F.json(broken)),
                .runError(
                    message: #"the agent sent an invalid card card-2: style is missing; body[0] (button "b"): action.url is missing"#,
                    code: "invalid_card"),
            ])
        // The invalid card does not end the turn: only the run's own end or error does.
        #expect(driver.turnEnds == 0)
    }

    @Test func unknownStreamedEventsAreProtocolWarnings() {
        var driver = ConversationDriver()
        let frame = F.streamed("state_snapshot", #""snapshot":{}"#)
        driver.receive(frame, warnings: true)
        #expect(
            driver.events == [
                .protocolWarning(
                    message: #"CometChat sent a streamed event of unknown type "state_snapshot" in run 17 (the SDK ignores it)"#,
                    frame: F.json(frame).serialized())
            ])
    }

    @Test func aRunErrorIsReportedThenTheTurnEnds() {
        var driver = ConversationDriver()
        driver.userActed(at: 0)
        driver.receive([F.streamed("run_started"), F.streamed("run_error", #""message":"button refused","code":"refused""#)], at: 1)
        #expect(
            driver.events == [
                .runStarted(runID: "17", threadID: F.conversation), .runError(message: "button refused", code: "refused"), .turnEnded,
            ])
    }
}
