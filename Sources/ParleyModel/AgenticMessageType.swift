/// The types of agentic message, spelled as on the wire.
public enum AgenticMessageType: String, Hashable, Sendable, CaseIterable {
    case assistant
    case toolArguments = "tool-arguments"
    case toolResult = "tool-result"
}
