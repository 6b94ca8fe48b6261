/// The PolyAI server could not do what it was asked (it did not start listening, say).
public struct PolyAIServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
