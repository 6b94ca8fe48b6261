/// A frame that breaks the wire contract (not JSON, not an object, no `type`, a message without
/// its id): the SDK drops it, and the conversation reports it as a `protocol_warning` with this reason.
public struct CometChatViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, readable as it stands.
    public var message: String

    /// Creates a violation.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// The first 120 characters of a frame, for messages.
    static func excerpt(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// The first 1000 characters of a frame: a `protocol_warning`'s `frame`.
    public static func frameExcerpt(_ text: String) -> String {
        text.count > 1000 ? String(text.prefix(1000)) + "…" : text
    }
}
