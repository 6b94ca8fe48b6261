import Foundation
import Logging
import ParleyCore
import ParleyLog
import ParleyModel

/// Makes the plugins of parley.yaml through the registry's providers, and the report plugins
/// the command line asks for.
struct PluginFactory {
    var registry: Registry
    /// The folder of parley.yaml: relative report folders resolve against it.
    var projectDirectory: URL
    /// Whether standard output is a terminal (for `color: auto`).
    var isTerminal: Bool
    var resources: RunResources
    /// Settings that win over parley.yaml's, by plugin name (`--log-level`).
    var overrides: [String: [String: JSONValue]] = [:]

    /// The plugins for `configs`, whose settings are already rendered, in order.
    func plugins(_ configs: [(PluginConfig, [String: JSONValue])]) throws(InvalidInput) -> [any Plugin] {
        var plugins: [any Plugin] = []
        for (config, settings) in configs {
            plugins.append(try plugin(config, settings: settings))
        }
        // A run always shows its progress and summary, even when parley.yaml names no log plugin.
        if !configs.contains(where: { $0.0.name == "log" }), let log = registry.plugin(named: "log") {
            plugins.insert(try make(log, settings: [:], at: SourceLocation(file: "parley.yaml", line: 1, column: 1)), at: 0)
        }
        return plugins
    }

    /// The one plugin `config` names, its settings already rendered (the monitor's alert webhook too).
    func plugin(_ config: PluginConfig, settings: [String: JSONValue]) throws(InvalidInput) -> any Plugin {
        guard let provider = registry.plugin(named: config.name) else {
            // The parser checked the name against this registry's catalog and said so.
            throw InvalidInput(diagnostics: [], sources: [:])
        }
        try HeaderSecrets.check(plugin: config, declaration: provider.declaration, settings: settings)
        return try make(provider, settings: settings, at: config.location)
    }

    private func make(_ provider: PluginProvider, settings: [String: JSONValue], at location: SourceLocation) throws(InvalidInput) -> any Plugin {
        var settings = settings
        for (key, value) in overrides[provider.declaration.name] ?? [:] { settings[key] = value }
        let context = PluginContext(
            settings: settings, projectDirectory: projectDirectory, isTerminal: isTerminal, location: location, resources: resources)
        do {
            return try provider.make(context)
        } catch let error as InvalidInput {
            throw error
        } catch {
            throw InvalidInput("\(error)", at: location)
        }
    }
}
