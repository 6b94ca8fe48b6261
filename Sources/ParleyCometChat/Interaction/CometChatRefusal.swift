/// Why a flow's action cannot be performed on what the agent sent (an unknown message, an element
/// that is not a button, a disabled button…): readable as it stands, naming what was offered.
public struct CometChatRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason.
    public var message: String

    /// Creates a refusal.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
