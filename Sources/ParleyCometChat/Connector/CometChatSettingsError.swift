/// A `cometchat` setting that is missing or wrong; the message names it.
public struct CometChatSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
