/// A tool call an assistant message of the history made: how a tool message's call id finds its
/// tool's name.
public struct AGUIToolCall: Hashable, Sendable {
    public var id: String
    public var name: String
    /// The arguments as JSON text, as AG-UI carries them.
    public var arguments: String

    /// Creates a tool call.
    public init(id: String, name: String, arguments: String = "") {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}
