/// A `mybot` setting that cannot be used: which one (for its place in parley.yaml) and why.
public struct BotSettingsError: Error, Sendable, Equatable {
    public var key: String
    public var message: String

    public init(key: String, _ message: String) {
        self.key = key
        self.message = message
    }
}
