import ParleyModel

/// One AI-assistant event of a `streamed_message` frame, typed by its `body.type`
/// (protocols/cometchat.md 1.2, 1.3). Ids the event cannot do without are required by the decoder;
/// the rest are optional, as the SDK defaults them.
public enum CometChatStreamEvent: Hashable, Sendable {
    case runStarted(streamMessageID: String?)
    case runFinished
    /// (PARLEY) The served simulator's refusal; CometChat documents no error event.
    case runError(message: String, code: String?)
    case textMessageStart(streamMessageID: String)
    case textMessageContent(streamMessageID: String, delta: String)
    /// `messageID` is the persisted `assistant` message's id, as a string.
    case textMessageEnd(streamMessageID: String, messageID: String?)
    case toolCallStart(toolCallID: String, toolCallName: String, displayName: String?, executionText: String?, arguments: String?)
    case toolCallArgs(toolCallID: String, toolCallName: String?, delta: String)
    /// `arguments` is the full JSON string of the call's arguments.
    case toolCallEnd(toolCallID: String, toolCallName: String?, arguments: String?)
    case toolCallResult(toolCallID: String, toolCallName: String?, content: String)
    case cardStart(cardID: String, streamMessageID: String?, executionText: String?)
    case card(cardID: String, streamMessageID: String?, card: JSONValue)
    case cardEnd(cardID: String)
    /// An event type this contract does not know, kept so transcripts show it.
    case unknown(type: String)

    /// The `body.type` on the wire.
    public var wireType: String {
        switch self {
        case .runStarted: "run_started"
        case .runFinished: "run_finished"
        case .runError: "run_error"
        case .textMessageStart: "text_message_start"
        case .textMessageContent: "text_message_content"
        case .textMessageEnd: "text_message_end"
        case .toolCallStart: "tool_call_start"
        case .toolCallArgs: "tool_call_args"
        case .toolCallEnd: "tool_call_end"
        case .toolCallResult: "tool_call_result"
        case .cardStart: "card_start"
        case .card: "card"
        case .cardEnd: "card_end"
        case .unknown(let type): type
        }
    }
}
