/// A parsed flow file: its header and its steps.
public struct Flow: Hashable, Sendable {
    /// `flow:` — the name shown in reports.
    public var name: String
    /// `description:`.
    public var description: String?
    /// `tags:` — for `--tag` selection.
    public var tags: [String]
    /// `agent:` — a name from parley.yaml or an inline agent; nil means the project default.
    public var agent: AgentReference?
    /// `timeout:` — the default wait of this flow's expectations.
    public var timeout: Duration?
    /// `vars:` — initial variables.
    public var vars: [Assignment]
    /// `data:` — run the flow once per row.
    public var data: DataSource?
    /// `steps:`.
    public var steps: [Step]
    /// Where the file starts.
    public var location: SourceLocation
    /// `flow:` with its `${…}` references, filled per data row to name each run
    /// (`Order ${order}` runs as `Order A-1042`); nil when the flow was not parsed from text.
    public var nameTemplate: Template?
    /// `description:` with its `${…}` references, checked like the name's.
    public var descriptionTemplate: Template?

    /// Creates a flow.
    public init(
        name: String, description: String? = nil, tags: [String] = [], agent: AgentReference? = nil,
        timeout: Duration? = nil, vars: [Assignment] = [], data: DataSource? = nil, steps: [Step],
        location: SourceLocation
    ) {
        self.name = name
        self.description = description
        self.tags = tags
        self.agent = agent
        self.timeout = timeout
        self.vars = vars
        self.data = data
        self.steps = steps
        self.location = location
    }
}

/// The header keys of a flow file, as written.
public enum FlowKey: String, Hashable, Sendable, CaseIterable {
    case flow, description, tags, agent, timeout, vars, data, steps

    /// What the key sets, for editors and `parley schema`.
    public var summary: String {
        switch self {
        case .flow: return "The flow's name, shown in reports."
        case .description: return "What the flow checks, shown in reports."
        case .tags: return "Tags to pick flows by, with --tag and --exclude-tag."
        case .agent: return "The agent to talk to: a name from parley.yaml's agents:, or an agent written here."
        case .timeout: return "How long this flow's expectations wait by default; a step's within: overrides it."
        case .vars: return "Variables and their default values, read as ${name}."
        case .data: return "Rows of variables, the flow run once per row: a CSV file with a header row, or a list of mappings."
        case .steps: return "The steps, run in order."
        }
    }
}

/// Which agent a flow talks to.
public enum AgentReference: Hashable, Sendable {
    /// An agent named in parley.yaml.
    case named(Located<String>)
    /// An agent described in the flow itself.
    case inline(AgentConfig)
}

/// `data:` — rows of variables, written inline or read from a CSV file.
public enum DataSource: Hashable, Sendable {
    /// Rows written in the flow.
    case rows([[Assignment]])
    /// A CSV file with a header row; the rows as read when the flow was parsed.
    case csv(path: String, rows: [[Assignment]])

    /// The rows, whichever way they were given.
    public var rows: [[Assignment]] {
        switch self {
        case .rows(let rows), .csv(_, let rows): return rows
        }
    }
}
