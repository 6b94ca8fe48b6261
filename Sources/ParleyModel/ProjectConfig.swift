/// `parley.yaml`: the agents a project talks to, its defaults and its plugins.
public struct ProjectConfig: Hashable, Sendable {
    /// Agents by name, in the order written.
    public var agents: [AgentConfig]
    /// `defaults:`.
    public var defaults: ProjectDefaults
    /// `plugins:`, in the order written.
    public var plugins: [PluginConfig]
    /// The file's path.
    public var path: String

    /// Creates a project config.
    public init(agents: [AgentConfig], defaults: ProjectDefaults, plugins: [PluginConfig], path: String) {
        self.agents = agents
        self.defaults = defaults
        self.plugins = plugins
        self.path = path
    }

    /// The agent named `name`, if any.
    public func agent(named name: String) -> AgentConfig? {
        agents.first { $0.name == name }
    }
}

/// The top-level keys of parley.yaml.
public enum ProjectKey: String, Hashable, Sendable, CaseIterable {
    case agents, defaults, plugins
}

/// `defaults:` in parley.yaml.
public struct ProjectDefaults: Hashable, Sendable {
    /// The agent for flows that name none.
    public var agent: Located<String>?
    /// The wait for expectations when neither step nor flow sets one.
    public var timeout: Duration?
    /// How long a read without `within:` goes on waiting once the agent's turn has ended.
    public var settle: Duration?

    /// Creates defaults.
    public init(agent: Located<String>? = nil, timeout: Duration? = nil, settle: Duration? = nil) {
        self.agent = agent
        self.timeout = timeout
        self.settle = settle
    }

    /// The wait when nothing sets one.
    public static let fallbackTimeout: Duration = .seconds(10)
    /// The settle period when nothing sets one: late events of an ended turn get this long to arrive.
    public static let fallbackSettle: Duration = .seconds(1)
}

/// One agent: its connector and that connector's settings.
public struct AgentConfig: Hashable, Sendable {
    /// The name flows use (empty for an inline agent).
    public var name: String
    /// The connector that talks to it.
    public var connector: ConnectorKind
    /// The connector's settings, as written; each connector reads its own.
    public var settings: [Assignment]
    /// Where the agent was written.
    public var location: SourceLocation

    /// Creates an agent.
    public init(name: String, connector: ConnectorKind, settings: [Assignment], location: SourceLocation) {
        self.name = name
        self.connector = connector
        self.settings = settings
        self.location = location
    }

    /// The setting named `key`, if written.
    public func setting(_ key: String) -> ValueTemplate? {
        settings.first { $0.name == key }?.value
    }
}

/// The connectors Parley has, and the settings each reads.
public enum ConnectorKind: String, Hashable, Sendable, CaseIterable {
    case simulator, agui, polyai, cometchat

    /// Settings this connector understands; anything else in an agent mapping is an error.
    public var settingKeys: [String] {
        switch self {
        case .simulator: return ["script", "timeout"]
        case .agui:
            return ["url", "headers", "timeout", "protocol_version", "tools", "mappings", "state", "context", "forwarded_props", "greeting"]
        case .polyai:
            return [
                "environment", "connector_token", "host", "streaming", "heartbeat", "max_reconnects",
                "rest_url", "websocket_url", "timeout", "chunk_joining", "quiet", "serve",
            ]
        case .cometchat:
            return ["app_id", "region", "api_key", "user", "agent", "group", "rest_url", "websocket_url", "timeout", "quiet", "runs", "serve"]
        }
    }

    /// Settings that must be present.
    public var requiredKeys: [String] {
        switch self {
        case .simulator: return ["script"]
        case .agui: return ["url"]
        case .polyai: return ["connector_token"]
        case .cometchat: return ["app_id", "api_key", "user"]
        }
    }
}

/// One plugin entry of parley.yaml.
public struct PluginConfig: Hashable, Sendable {
    /// Which plugin.
    public var kind: PluginKind
    /// Its settings, as written.
    public var settings: [Assignment]
    /// Where it was written.
    public var location: SourceLocation

    /// Creates a plugin entry.
    public init(kind: PluginKind, settings: [Assignment], location: SourceLocation) {
        self.kind = kind
        self.settings = settings
        self.location = location
    }
}

/// The built-in plugins and the settings each reads.
public enum PluginKind: String, Hashable, Sendable, CaseIterable {
    case log, files, webhook, metrics, exec

    /// Settings this plugin understands.
    public var settingKeys: [String] {
        switch self {
        case .log: return ["level", "color", "progress"]
        case .files: return ["dir", "junit", "json", "html", "transcripts"]
        case .webhook: return ["url", "on", "secret", "per", "format", "retries", "headers", "flush"]
        case .metrics: return ["file", "port", "labels"]
        case .exec: return ["command", "args", "env", "flush"]
        }
    }

    /// Settings that must be present.
    public var requiredKeys: [String] {
        switch self {
        case .log, .files, .metrics: return []
        case .webhook: return ["url"]
        case .exec: return ["command"]
        }
    }
}
