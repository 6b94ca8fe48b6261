/// What parley.yaml may say about one connector or plugin: its name and its settings.
public struct ProviderDeclaration: Hashable, Sendable {
    /// The name written in parley.yaml: `connector: agui`, `- webhook: {…}`.
    public var name: String
    /// One sentence for editors and error messages.
    public var summary: String
    public var settings: [SettingDeclaration]

    /// Declares a provider.
    public init(name: String, summary: String, settings: [SettingDeclaration]) {
        self.name = name
        self.summary = summary
        self.settings = settings
    }

    /// Every key it reads.
    public var keys: [String] { settings.map(\.key) }

    /// The keys an entry must write.
    public var requiredKeys: [String] { settings.filter(\.isRequired).map(\.key) }

    /// The declaration of `key`, if it reads one.
    public func setting(_ key: String) -> SettingDeclaration? {
        settings.first { $0.key == key }
    }
}
