/// The connectors and plugins a parse may name, with their settings: what the parser checks
/// parley.yaml against and `parley schema` describes. The runner's `Registry` makes one from
/// its providers, so a team's own connector is checked like ours; `.builtIn` declares ours.
public struct Catalog: Hashable, Sendable {
    public var connectors: [ProviderDeclaration]
    public var plugins: [ProviderDeclaration]

    /// A catalog of these declarations, in the order given (the order hints and schemas list them).
    public init(connectors: [ProviderDeclaration], plugins: [ProviderDeclaration]) {
        self.connectors = connectors
        self.plugins = plugins
    }

    /// The connector named `name`, if declared.
    public func connector(_ name: String) -> ProviderDeclaration? {
        connectors.first { $0.name == name }
    }

    /// The plugin named `name`, if declared.
    public func plugin(_ name: String) -> ProviderDeclaration? {
        plugins.first { $0.name == name }
    }
}
