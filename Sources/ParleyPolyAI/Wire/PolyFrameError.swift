/// A frame that breaks the protocol (not a JSON object): the flow fails with this reason.
public struct PolyFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, readable as it stands.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
