/// Why a model gave no answer, in words a failing step can show.
public struct ModelFailure: Error, Hashable, Sendable {
    public var message: String
    /// Whether asking again may help (a time-out, a refused connection, a 429 or a 5xx).
    public var retryable: Bool

    public init(_ message: String, retryable: Bool = false) {
        self.message = message
        self.retryable = retryable
    }
}
