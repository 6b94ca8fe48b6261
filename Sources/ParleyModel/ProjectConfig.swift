/// `parley.yaml`: the agents a project talks to, its defaults and its plugins.
public struct ProjectConfig: Hashable, Sendable {
    /// Agents by name, in the order written.
    public var agents: [AgentConfig]
    /// `defaults:`.
    public var defaults: ProjectDefaults
    /// `plugins:`, in the order written.
    public var plugins: [PluginConfig]
    /// `monitor:`: the checks `parley monitor` runs; nil when not written.
    public var monitor: MonitorConfig?
    /// `models:`: the endpoints `similar` and `judge` ask; nil when not written.
    public var models: ModelsConfig?
    /// The file's path.
    public var path: String

    /// Creates a project config.
    public init(
        agents: [AgentConfig], defaults: ProjectDefaults, plugins: [PluginConfig], monitor: MonitorConfig? = nil, models: ModelsConfig? = nil,
        path: String
    ) {
        self.agents = agents
        self.defaults = defaults
        self.plugins = plugins
        self.monitor = monitor
        self.models = models
        self.path = path
    }

    /// The agent named `name`, if any.
    public func agent(named name: String) -> AgentConfig? {
        agents.first { $0.name == name }
    }
}

/// The top-level keys of parley.yaml.
public enum ProjectKey: String, Hashable, Sendable, CaseIterable {
    case agents, defaults, plugins, monitor, models

    /// What the key sets, for editors and `parley schema`.
    public var summary: String {
        switch self {
        case .agents: return "The agents flows may talk to, by name."
        case .defaults: return "What a flow uses when it says nothing itself: its agent, its timeout and the settle period."
        case .plugins: return "What reports the run: the console, report files, webhooks, metrics, programs."
        case .monitor: return "The scheduled health checks of `parley monitor`."
        case .models: return "The OpenAI-compatible endpoints the `similar` (embeddings) and `judge` (chat completions) matchers ask."
        }
    }
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
    /// The name of the connector that talks to it (a `Catalog` declares what each reads).
    public var connector: String
    /// The connector's settings, as written; each connector reads its own.
    public var settings: [Assignment]
    /// Where the agent was written.
    public var location: SourceLocation

    /// Creates an agent.
    public init(name: String, connector: String, settings: [Assignment], location: SourceLocation) {
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

/// One plugin entry of parley.yaml.
public struct PluginConfig: Hashable, Sendable {
    /// Which plugin: its name in the `Catalog`.
    public var name: String
    /// Its settings, as written.
    public var settings: [Assignment]
    /// Where it was written.
    public var location: SourceLocation

    /// Creates a plugin entry.
    public init(name: String, settings: [Assignment], location: SourceLocation) {
        self.name = name
        self.settings = settings
        self.location = location
    }
}
