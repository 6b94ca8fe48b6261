/// A message the agent's run left behind once it finished (CometChat's persisted agentic
/// messages): the assistant's reply, the arguments of its tool calls, a tool's result.
public struct AgenticMessage: Hashable, Sendable {
    public var id: String
    public var type: AgenticMessageType
    public var runID: String?
    public var threadID: String?
    /// The agent's uid.
    public var sender: String?
    /// The reply (assistant) or the tool's output (tool-result).
    public var text: String?
    /// The ordered text and card blocks of an assistant message, as sent.
    public var elements: JSONValue?
    /// The calls of a tool-arguments message, as sent (`[{id, type, function: {name, arguments}}]`).
    public var toolCalls: JSONValue?
    /// The call a tool-result message answers.
    public var toolCallID: String?
    /// Whom it went to: the user's uid, or the group's guid.
    public var receiver: String?
    /// `data.metadata`, as sent.
    public var metadata: JSONValue?

    /// Creates an agentic message.
    public init(
        id: String, type: AgenticMessageType, runID: String? = nil, threadID: String? = nil, sender: String? = nil, text: String? = nil,
        elements: JSONValue? = nil, toolCalls: JSONValue? = nil, toolCallID: String? = nil, receiver: String? = nil,
        metadata: JSONValue? = nil
    ) {
        self.id = id
        self.type = type
        self.runID = runID
        self.threadID = threadID
        self.sender = sender
        self.text = text
        self.elements = elements
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.receiver = receiver
        self.metadata = metadata
    }
}
