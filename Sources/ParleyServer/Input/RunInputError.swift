/// Why a request body is not a RunAgentInput: answered with 422.
public struct RunInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the field.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
