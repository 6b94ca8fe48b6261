/// A PolyAI or CometChat server could not do what it was asked (it did not start listening, say).
public struct WebSocketServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
