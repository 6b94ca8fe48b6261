/// A transport failure: the agent could not be reached, hung up or sent something unusable.
/// It fails the flow with `message`; the runner still writes every report.
public struct ConnectorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, readable as it stands: "connection refused by 127.0.0.1:8000".
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
