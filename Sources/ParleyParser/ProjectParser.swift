import Foundation
import ParleyModel

/// Parses `parley.yaml`: agents, defaults, plugins, and the monitor's checks.
public enum ProjectParser {
    /// The outcome of parsing a project file.
    public struct Result: Sendable {
        /// The config, when the file could be read as one.
        public var config: ProjectConfig?
        /// Every problem found.
        public var diagnostics: [Diagnostic]
        /// The file's text, for code frames.
        public var source: SourceText?
    }

    /// The file name Parley looks for.
    public static let fileName = "parley.yaml"

    /// Parses the project file at `path`. The same text is parsed once: `parley monitor` plans
    /// every check run afresh (so an edited file counts at once), and a project of many checks
    /// made that parse most of a run's cost.
    public static func parse(path: String, loader: YAMLLoader = YAMLLoader(), catalog: Catalog = .builtIn) -> Result {
        cache.result(path: path, limit: loader.maxBytes, key: { CacheKey(path: path, text: $0, loader: loader, catalog: catalog) }) {
            parseFile(path: path, loader: loader, catalog: catalog)
        }
    }

    /// What a parse depends on: the file's bytes and how it is read.
    struct CacheKey: Hashable, Sendable {
        var path: String
        var text: Data
        var loader: YAMLLoader
        var catalog: Catalog
    }

    /// Enough for every parley.yaml a run or monitor reads; past it the cache starts afresh.
    private static let cache = ParseCache<CacheKey, Result>(capacity: 32)

    private static func parseFile(path: String, loader: YAMLLoader, catalog: Catalog) -> Result {
        let loaded = loader.load(path: path)
        let context = ParseContext(catalog: catalog)
        context.append(loaded.diagnostics)
        let config = loaded.root.flatMap { project($0, path: path, source: loaded.source, context) }
        return Result(config: config, diagnostics: context.diagnostics, source: loaded.source)
    }

    /// The nearest `parley.yaml` in the folder of `file` or any folder above it.
    public static func locate(from file: String) -> String? {
        var folder = URL(fileURLWithPath: file).standardizedFileURL
        var isDirectory: ObjCBool = false
        if !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            folder.deleteLastPathComponent()
        }
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    private static func project(_ root: YAMLNode, path: String, source: SourceText?, _ context: ParseContext) -> ProjectConfig? {
        guard let reader = MappingReader(root, context, expected: "a mapping with 'agents:', 'defaults:' and 'plugins:'") else {
            return nil
        }
        reader.rejectUnknownKeys(allowed: ProjectKey.allCases.map(\.rawValue), in: "parley.yaml", context)
        var agents: [AgentConfig] = []
        if let node = reader["agents"], let agentMap = MappingReader(node, context, expected: "a mapping of agent names to agents") {
            for (name, value) in agentMap.pairs {
                guard let agent = agent(named: name.value, value, context) else { continue }
                agents.append(agent)
            }
        }
        let defaults = reader["defaults"].map { defaultsConfig($0, context) } ?? ProjectDefaults()
        if let name = defaults.agent, !agents.contains(where: { $0.name == name.value }) {
            context.error(
                "default agent '\(name.value)' is not defined under 'agents:'\(Suggestion.hint(for: name.value, in: agents.map(\.name)))",
                at: name.location)
        }
        let plugins = reader["plugins"].map { pluginList($0, context) } ?? []
        var monitor: MonitorConfig?
        if let node = reader["monitor"], let key = reader.key("monitor") {
            monitor = self.monitor(node, key: key, agents: agents, source: source, context)
        }
        let models = reader["models"].flatMap { node in reader.key("models").flatMap { Self.models(node, key: $0, context) } }
        return ProjectConfig(agents: agents, defaults: defaults, plugins: plugins, monitor: monitor, models: models, path: path)
    }

    /// One agent mapping: `{ connector: …, <that connector's settings> }`.
    static func agent(named name: String, _ node: YAMLNode, _ context: ParseContext) -> AgentConfig? {
        guard let reader = MappingReader(node, context, expected: "an agent: a mapping with 'connector:' and its settings") else {
            return nil
        }
        let names = context.catalog.connectors.map(\.name)
        guard let connectorNode = reader["connector"] else {
            context.error("agent\(name.isEmpty ? "" : " '\(name)'") needs 'connector:' (one of \(names.joined(separator: ", ")))", at: node.location)
            return nil
        }
        guard let connectorName = context.string(connectorNode, "a connector name") else { return nil }
        guard let declaration = context.catalog.connector(connectorName) else {
            context.error(
                "unknown connector '\(connectorName)' (expected one of \(names.joined(separator: ", ")))\(Suggestion.hint(for: connectorName, in: names))",
                at: connectorNode.location)
            return nil
        }
        let place = "'\(connectorName)' agent"
        reader.rejectUnknownKeys(allowed: OptionKeys.agent.names + declaration.keys, in: place, context)
        reader.require(declaration.requiredKeys, in: place, context)
        let settings = reader.pairs.filter { $0.key.value != "connector" }.map {
            Assignment(name: $0.key.value, value: context.valueTemplate($0.value), location: $0.key.location)
        }
        if let timeout = reader["timeout"] { _ = context.duration(timeout) }
        return AgentConfig(name: name, connector: connectorName, settings: settings, location: node.location)
    }

    private static func defaultsConfig(_ node: YAMLNode, _ context: ParseContext) -> ProjectDefaults {
        guard let reader = MappingReader(node, context, expected: "a mapping like { agent: demo, timeout: 10s }") else {
            return ProjectDefaults()
        }
        reader.rejectUnknownKeys(allowed: OptionKeys.projectDefaults, in: "'defaults'", context)
        let agent = reader["agent"].flatMap { node in context.string(node, "an agent name").map { Located($0, at: node.location) } }
        return ProjectDefaults(
            agent: agent, timeout: reader["timeout"].flatMap(context.duration), settle: reader["settle"].flatMap(context.duration))
    }

    private static func pluginList(_ node: YAMLNode, _ context: ParseContext) -> [PluginConfig] {
        guard case .sequence(let items) = node.value else {
            context.wrongShape(node, expected: "a list of plugins like [- log: { level: info }]")
            return []
        }
        return items.compactMap { item in
            let entry: (key: Located<String>, value: YAMLNode)
            switch item.value {
            case .scalar(let name, _):
                entry = (Located(name, at: item.location), YAMLNode(value: .mapping([]), location: item.location))
            case .mapping(let pairs) where pairs.count == 1:
                entry = pairs[0]
            case .mapping, .sequence:
                context.wrongShape(item, expected: "one plugin, like '- log: { level: info }'")
                return nil
            }
            let names = context.catalog.plugins.map(\.name)
            guard let declaration = context.catalog.plugin(entry.key.value) else {
                context.error("unknown plugin '\(entry.key.value)' (expected one of \(names.joined(separator: ", ")))\(Suggestion.hint(for: entry.key.value, in: names))", at: entry.key.location)
                return nil
            }
            let name = declaration.name
            if entry.value.scalarMeaning == .null { return PluginConfig(name: name, settings: [], location: entry.key.location) }
            guard let settings = MappingReader(entry.value, context, expected: "the plugin's settings") else { return nil }
            settings.rejectUnknownKeys(allowed: declaration.keys, in: "'\(name)' plugin", context)
            settings.require(declaration.requiredKeys, in: "'\(name)' plugin", context)
            return PluginConfig(
                name: name,
                settings: settings.pairs.map {
                    Assignment(name: $0.key.value, value: context.valueTemplate($0.value), location: $0.key.location)
                },
                location: entry.key.location)
        }
    }
}
