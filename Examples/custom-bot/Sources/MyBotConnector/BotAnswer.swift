import Parley

/// The bot's answer to one message, read from its JSON and turned into Parley's events. Pure:
/// the session does the HTTP, this decides what the answer means.
///
/// ```json
/// {"replies": [{"text": "Hi!", "suggestions": ["Order status"]}],
///  "tool_calls": [{"id": "call-1", "name": "lookup_order", "args": {"order_id": "A-1042"}}]}
/// ```
public struct BotAnswer: Equatable, Sendable {
    public var messages: [Message]
    public var toolCalls: [ToolCall]

    /// One reply as the bot sends it.
    public struct Message: Equatable, Sendable {
        public var text: String
        public var suggestions: [String]
    }

    /// Reads an answer; a body that is not the protocol is an error that says what is wrong.
    public init(_ json: JSONValue) throws(ConnectorError) {
        guard case .object = json else { throw Self.violation("the answer is not a JSON object") }
        guard case .array(let replies)? = json["replies"] else { throw Self.violation("`replies` is missing or not a list") }
        messages = try replies.enumerated().map { index, reply throws(ConnectorError) in
            guard case .string(let text)? = reply["text"] else { throw Self.violation("replies[\(index)] has no `text`") }
            var suggestions: [String] = []
            switch reply["suggestions"] {
            case nil, .null?: break
            case .array(let items)?:
                suggestions = try items.map { item throws(ConnectorError) in
                    guard case .string(let suggestion) = item else { throw Self.violation("replies[\(index)].suggestions holds a non-text item") }
                    return suggestion
                }
            case .some: throw Self.violation("replies[\(index)].suggestions is not a list")
            }
            return Message(text: text, suggestions: suggestions)
        }
        switch json["tool_calls"] {
        case nil, .null?: toolCalls = []
        case .array(let calls)?:
            toolCalls = try calls.enumerated().map { index, call throws(ConnectorError) in
                guard case .string(let id)? = call["id"], case .string(let name)? = call["name"] else {
                    throw Self.violation("tool_calls[\(index)] needs `id` and `name`")
                }
                return ToolCall(id: id, name: name, args: call["args"] ?? .object([]))
            }
        case .some: throw Self.violation("`tool_calls` is not a list")
        }
    }

    /// The turn as Parley sees it: a run opens, the tools are called, the replies arrive, the run
    /// finishes, and `turnEnded` tells the flow the bot is done (reads without `within:` stop
    /// waiting there rather than at their timeout).
    public func events(runID: String, sessionID: String) -> [AgentEvent] {
        var events: [AgentEvent] = [.runStarted(runID: runID, threadID: sessionID)]
        events += toolCalls.map { .toolCall($0) }
        events += messages.enumerated().map { index, message in
            .reply(Reply(messageID: "\(runID)-\(index + 1)", text: message.text, suggestions: message.suggestions))
        }
        return events + [.runFinished(runID: runID, outcome: .success), .turnEnded]
    }

    private static func violation(_ what: String) -> ConnectorError {
        ConnectorError("the bot's answer does not follow the mybot protocol: \(what)")
    }
}
