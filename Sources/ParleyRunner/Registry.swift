import ParleyModel

/// The connectors and plugins a run may use: a value, made by the program that runs flows
/// (`parley`, a team's own command, a test). `.builtIn` has Parley's own; `adding` puts a team's
/// beside them (or in place of one with the same name). Nothing is registered globally: two
/// registries in one process never see each other's providers.
///
/// ```swift
/// let registry = Registry.builtIn.adding(MyBot.provider).adding(AuditPlugin.provider)
/// let outcome = await Runner(registry: registry).run(RunRequest(paths: ["Flows"]))
/// ```
public struct Registry: Sendable {
    public private(set) var connectors: [ConnectorProvider]
    public private(set) var plugins: [PluginProvider]

    /// A registry of exactly these providers.
    public init(connectors: [ConnectorProvider] = [], plugins: [PluginProvider] = []) {
        self.connectors = []
        self.plugins = []
        for connector in connectors { add(connector) }
        for plugin in plugins { add(plugin) }
    }

    /// This registry with `connector` too, replacing one of the same name.
    public func adding(_ connector: ConnectorProvider) -> Registry {
        var registry = self
        registry.add(connector)
        return registry
    }

    /// This registry with `plugin` too, replacing one of the same name.
    public func adding(_ plugin: PluginProvider) -> Registry {
        var registry = self
        registry.add(plugin)
        return registry
    }

    /// What parley.yaml may name, for the parser, `parley validate` and `parley schema`.
    public var catalog: Catalog {
        Catalog(connectors: connectors.map(\.declaration), plugins: plugins.map(\.declaration))
    }

    /// The connector provider named `name`.
    public func connector(named name: String) -> ConnectorProvider? {
        connectors.first { $0.declaration.name == name }
    }

    /// The plugin provider named `name`.
    public func plugin(named name: String) -> PluginProvider? {
        plugins.first { $0.declaration.name == name }
    }

    private mutating func add(_ connector: ConnectorProvider) {
        connectors.removeAll { $0.declaration.name == connector.declaration.name }
        connectors.append(connector)
    }

    private mutating func add(_ plugin: PluginProvider) {
        plugins.removeAll { $0.declaration.name == plugin.declaration.name }
        plugins.append(plugin)
    }
}
