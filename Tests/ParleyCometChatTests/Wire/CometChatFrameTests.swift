import ParleyCometChat
import ParleyModel
import Testing

/// Decoding server frames: the envelope, every streamed event of §1.3, messages, receipts, typing,
/// auth and pong, and the frames that break the contract.
@Suite("CometChat frames")
struct CometChatFrameTests {
    static func decode(_ text: String) throws -> CometChatFrame {
        try CometChatFrame.decode(text).get()
    }

    static func streamed(_ text: String) throws -> CometChatStreamedMessage {
        guard case .streamed(let streamed) = try decode(text) else {
            Issue.record("not a streamed frame: \(text)")
            throw CometChatViolation("not streamed")
        }
        return streamed
    }

    static func violation(_ text: String) -> String? {
        if case .failure(let violation) = CometChatFrame.decode(text) { return violation.message }
        return nil
    }

    @Test func theEnvelopeAndRunAreRead() throws {
        let frame = try Self.streamed(F.weatherRun[0])
        #expect(frame.envelope == CometChatEnvelope(type: "streamed_message", appID: "app1", receiver: F.user, receiverType: "user", sender: F.agent, deviceID: "parley-server"))
        #expect(frame.runID == 17)
        #expect(frame.threadID == F.conversation)
        #expect(frame.conversationID == F.conversation)
        #expect(frame.parentID == nil)
        #expect(frame.event == .runStarted(streamMessageID: nil))
        #expect(frame.data["role"] == "assistant")
        #expect(frame.json == F.json(F.weatherRun[0]))
    }

    @Test func everyEventOfTheWeatherRunIsTyped() throws {
        let events = try F.weatherRun.map { try Self.streamed($0).event }
        #expect(
            events == [
                .runStarted(streamMessageID: nil),
                .toolCallStart(toolCallID: "tc-1", toolCallName: "getWeather", displayName: "Get Weather", executionText: "Checking the weather…", arguments: ""),
                .toolCallArgs(toolCallID: "tc-1", toolCallName: "getWeather", delta: #"{"city":"#),
                .toolCallArgs(toolCallID: "tc-1", toolCallName: "getWeather", delta: #""Mumbai"}"#),
                .toolCallEnd(toolCallID: "tc-1", toolCallName: "getWeather", arguments: #"{"city":"Mumbai"}"#),
                .toolCallResult(toolCallID: "tc-1", toolCallName: "getWeather", content: #"{"temp":31,"sky":"sunny"}"#),
                .textMessageStart(streamMessageID: "sm-1"),
                .textMessageContent(streamMessageID: "sm-1", delta: "It is 31°C "),
                .textMessageContent(streamMessageID: "sm-1", delta: "and sunny in Mumbai."),
                .textMessageEnd(streamMessageID: "sm-1", messageID: "20"),
                .runFinished,
            ])
        #expect(events.map(\.wireType) == [
            "run_started", "tool_call_start", "tool_call_args", "tool_call_args", "tool_call_end", "tool_call_result", "text_message_start",
            "text_message_content", "text_message_content", "text_message_end", "run_finished",
        ])
    }

    @Test func cardEventsCarryTheirIdsLabelAndPayload() throws {
        #expect(
            try Self.streamed(F.streamed("card_start", #""streamMessageId":"sm-1","cardId":"card-1","executionText":"Building card…""#)).event
                == .cardStart(cardID: "card-1", streamMessageID: "sm-1", executionText: "Building card…"))
        #expect(
            try Self.streamed(F.streamed("card", #""streamMessageId":"sm-1","cardId":"card-1","card":\#(F.minimalCard)"#)).event
                == .card(cardID: "card-1", streamMessageID: "sm-1", card: F.json(F.minimalCard)))
        #expect(try Self.streamed(F.streamed("card_end", #""cardId":"card-1""#)).event == .cardEnd(cardID: "card-1"))
    }

    @Test func theRunIdMayBeANumericStringAndRunErrorCarriesMessageAndCode() throws {
        let frame = try Self.streamed(F.streamed("run_error", run: #""42""#, #""message":"no such button","code":"refused""#))
        #expect(frame.runID == 42)
        #expect(frame.event == .runError(message: "no such button", code: "refused"))
        let bare = try Self.streamed(F.streamed("run_error"))
        #expect(bare.event == .runError(message: "the agent reported an error with no message", code: nil))
    }

    @Test func numericIdsInsideDataAreReadAsText() throws {
        let frame = try Self.streamed(F.streamed("text_message_end", #""streamMessageId":7,"messageId":20"#))
        #expect(frame.event == .textMessageEnd(streamMessageID: "7", messageID: "20"))
    }

    @Test func unknownEventTypesAreKept() throws {
        let frame = try Self.streamed(F.streamed("state_snapshot", #""snapshot":{}"#))
        #expect(frame.event == .unknown(type: "state_snapshot"))
        #expect(frame.event.wireType == "state_snapshot")
    }

    @Test func aMessageFrameCarriesTheMessage() throws {
        guard case .message(let message) = try Self.decode(F.contactForm) else {
            Issue.record("not a message")
            return
        }
        #expect(message.id == 30)
        #expect(message.muid == "contact_form")
        #expect(message.flowID == "contact_form")
        #expect(message.conversationID == F.conversation)
        #expect(message.sender == F.agent)
        #expect(message.receiver == F.user)
        #expect(message.receiverType == "user")
        #expect(message.category == .interactive)
        #expect(message.type == "form")
        #expect(message.sentAt == 1_767_225_700)
        #expect(message.senderRole == "@agentic")
        #expect(message.senderName == "Weather Bot")
        #expect(message.data["interactiveData"]?["title"] == "Contact Form")
    }

    @Test func agenticMessagesBecomeAgenticMessageValues() throws {
        func agentic(_ text: String) throws -> AgenticMessage? {
            guard case .message(let message) = try Self.decode(text) else { return nil }
            return message.agentic
        }
        let arguments = try #require(try agentic(F.toolArgumentsMessage))
        #expect(arguments.id == "18")
        #expect(arguments.type == .toolArguments)
        #expect(arguments.runID == "17")
        #expect(arguments.threadID == F.conversation)
        #expect(arguments.sender == F.agent)
        guard case .array(let calls)? = arguments.toolCalls else {
            Issue.record("no toolCalls array")
            return
        }
        #expect(calls.first?["function"]?["name"] == "getWeather")
        #expect(calls.first?["displayName"] == "Get Weather")
        let result = try #require(try agentic(F.toolResultMessage))
        #expect(result.type == .toolResult)
        #expect(result.toolCallID == "tc-1")
        #expect(result.text == #"{"temp":31,"sky":"sunny"}"#)
        let assistant = try #require(try agentic(F.assistantMessage))
        #expect(assistant.type == .assistant)
        #expect(assistant.text == "It is 31°C and sunny in Mumbai.")
        #expect(assistant.elements == nil)
    }

    @Test func categoriesAreCaseInsensitiveAndOthersKeptByName() {
        #expect(CometChatCategory(wire: "Agentic") == .agentic)
        #expect(CometChatCategory(wire: "action") == .other("action"))
        #expect(CometChatCategory(wire: "action").wire == "action")
    }

    @Test func interactionCompletedIsAReceipt() throws {
        guard case .interactionCompleted(let receipt) = try Self.decode(F.interactionCompleted(30, element: "submit_btn")) else {
            Issue.record("not a receipt")
            return
        }
        #expect(receipt.messageID == 30)
        #expect(receipt.user == F.user)
        #expect(receipt.messageSender == F.agent)
        #expect(receipt.interactions == [Interaction(elementID: "submit_btn", interactedAt: 1_767_225_800.5)])
    }

    @Test func typingIndicatorsInTheContractShapeAreTypedAndOthersKept() throws {
        let started = #"{"appId":"app1","receiver":"cometchat-uid-1","receiverType":"user","sender":"ai-agent-uid","type":"typing_indicator","body":{"sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","action":"started"}}"#
        guard case .typing(let indicator) = try Self.decode(started) else {
            Issue.record("not typing")
            return
        }
        #expect(indicator.sender == F.agent)
        #expect(indicator.isTyping)
        let odd = #"{"type":"typing_indicator","body":{"typing":true}}"#
        #expect(try Self.decode(odd) == .other(type: "typing_indicator", json: F.json(odd)))
    }

    @Test func authRepliesPongAndOtherFrames() throws {
        #expect(try Self.decode(#"{"type":"auth","body":{"code":200,"status":"OK"}}"#) == .auth(CometChatAuthReply(code: 200, status: "OK")))
        let refused = try Self.decode(#"{"type":"auth","body":{"code":401,"status":"ERROR","message":"bad token"}}"#)
        #expect(refused == .auth(CometChatAuthReply(code: 401, status: "ERROR", message: "bad token")))
        if case .auth(let reply) = refused { #expect(!reply.isSuccess) }
        #expect(try Self.decode(#"{"action":"pong"}"#) == .pong)
        let receipt = #"{"type":"receipts","body":{"messageId":17,"receiptType":"read"}}"#
        #expect(try Self.decode(receipt) == .other(type: "receipts", json: F.json(receipt)))
    }

    @Test func malformedFramesAreViolationsWithAReason() {
        #expect(Self.violation("hello") == "CometChat sent a frame that is not JSON: hello")
        #expect(Self.violation("[1,2]") == "CometChat sent a frame that is not a JSON object: [1,2]")
        #expect(Self.violation(#"{"body":{}}"#) == #"CometChat sent a frame without a string "type": {"body":{}}"#)
        #expect(Self.violation(#"{"action":"ping"}"#)?.contains(#"without a string "type""#) == true)
        #expect(Self.violation(#"{"type":"streamed_message","body":"x"}"#)?.hasPrefix("CometChat sent a streamed_message frame whose body is not an object") == true)
        #expect(Self.violation(#"{"type":"message","body":{"sender":"a","category":"message","type":"text"}}"#)?.hasPrefix(#"CometChat sent a message without a numeric "id""#) == true)
        #expect(
            Self.violation(#"{"type":"message","body":{"id":3,"category":"message","type":"text"}}"#)
                == "CometChat sent message 3 without a sender (data.entities.sender.entity.uid)")
        #expect(Self.violation(#"{"type":"message","body":{"id":3,"sender":"a","type":"text"}}"#) == #"CometChat sent message 3 without a string "category""#)
        #expect(Self.violation(#"{"type":"interaction_completed","body":{}}"#)?.hasPrefix("CometChat sent an interaction_completed frame without a numeric body.messageId") == true)
        #expect(Self.violation(#"{"type":"auth","body":{}}"#)?.hasPrefix("CometChat sent an auth frame without a whole-number body.code") == true)
    }

    @Test func theRunIdFallsBackToDataRunIdThenToZeroAsTheSDKsOptLong() throws {
        let fallback = #"{"type":"streamed_message","body":{"type":"run_finished","data":{"runId":"9"}}}"#
        #expect(try Self.streamed(fallback).runID == 9)
        #expect(try Self.streamed(fallback).defaulted.isEmpty)
        let word = try Self.streamed(#"{"type":"streamed_message","body":{"type":"run_finished","id":"run_abc","data":{}}}"#)
        #expect(word.runID == 0)
        #expect(word.defaulted == ["body.id"])
        #expect(word.warning("body.id") == "CometChat sent a run_finished event without body.id (read as 0, as the SDK does)")
    }

    @Test("a streamed event without the ids it names is read with the SDK's defaults, each missing id listed")
    func missingStreamIdsAreDefaulted() throws {
        let content = try Self.streamed(F.streamed("text_message_content", #""delta":"hi""#))
        #expect(content.event == .textMessageContent(streamMessageID: "", delta: "hi"))
        #expect(content.defaulted == ["data.streamMessageId"])
        #expect(
            content.warning("data.streamMessageId")
                == #"CometChat sent a text_message_content event of run 17 without data.streamMessageId (read as "", as the SDK does)"#)
        #expect(try Self.streamed(F.streamed("tool_call_args", #""delta":"{""#)).defaulted == ["data.toolCallId"])
        let start = try Self.streamed(F.streamed("tool_call_start", #""toolCallId":"tc-1""#))
        #expect(start.event == .toolCallStart(toolCallID: "tc-1", toolCallName: "", displayName: nil, executionText: nil, arguments: nil))
        #expect(start.defaulted == ["data.toolCallName"])
        #expect(try Self.streamed(F.streamed("card", #""card":{}"#)).defaulted == ["data.cardId"])
        let bare = try Self.streamed(#"{"type":"streamed_message","body":{"type":"run_started","data":{}}}"#)
        #expect(bare.runID == 0 && bare.defaulted == ["body.id"])
    }

    @Test("the sender is data.entities.sender.entity.uid, the SDK's; a top-level sender is only a fallback")
    func theSenderComesFromTheEntities() throws {
        // The SDK's MessagePayloads shape: no top-level sender; the receiver under the entities too.
        let sdk = #"{"id":44,"conversationId":"\#(F.conversation)","category":"agentic","type":"assistant","data":{"text":"Hi","runId":17,"threadId":"t-1","metadata":{"source":"kb"},\#(F.agentEntities)}}"#
        guard case .message(let message) = try Self.decode(F.message(sdk)) else {
            Issue.record("not a message")
            return
        }
        #expect(message.sender == F.agent)
        #expect(message.receiver == F.user)
        #expect(message.receiverType == "user")
        let agentic = try #require(message.agentic)
        #expect(agentic.sender == F.agent && agentic.receiver == F.user)
        #expect(agentic.metadata == F.json(#"{"source":"kb"}"#))
        #expect(agentic.runID == "17" && agentic.threadID == "t-1")
        // Where both are given and differ, the entities win.
        let both = #"{"id":45,"sender":"someone-else","category":"message","type":"text","data":{"text":"Hi",\#(F.agentEntities)}}"#
        guard case .message(let second) = try Self.decode(F.message(both)) else {
            Issue.record("not a message")
            return
        }
        #expect(second.sender == F.agent)
        // A group receiver is read from the entities' guid.
        let group = #"{"id":46,"category":"message","type":"text","data":{"text":"Hi","entities":{"sender":{"entity":{"uid":"ai-agent-uid"},"entityType":"user"},"receiver":{"entity":{"guid":"cometchat-guid-1","name":"G"},"entityType":"group"}}}}"#
        guard case .message(let third) = try Self.decode(F.message(group)) else {
            Issue.record("not a message")
            return
        }
        #expect(third.receiver == "cometchat-guid-1" && third.receiverType == "group")
    }

    @Test("a frame type the SDK does not know is unknown; one it knows but Parley does not use is other")
    func unknownFrameTypes() throws {
        let odd = #"{"type":"hologram","body":{}}"#
        #expect(try Self.decode(odd) == .unknown(type: "hologram", json: F.json(odd)))
        let reaction = #"{"type":"reaction","body":{}}"#
        #expect(try Self.decode(reaction) == .other(type: "reaction", json: F.json(reaction)))
    }
}
