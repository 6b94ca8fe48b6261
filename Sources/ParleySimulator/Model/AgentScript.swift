import ParleyModel

/// A parsed agent script: who the agent is, how fast it talks, and the rules it plays
/// (docs/simulator.md). Parsed by `AgentScriptParser`, played by `ScriptEngine`.
public struct AgentScript: Hashable, Sendable {
    /// Who the agent is.
    public var agent: AgentIdentity
    /// Think time and streaming defaults.
    public var timing: ScriptTiming
    /// Declared tools, in the order written.
    public var tools: [ScriptTool]
    /// Lookup tables by name: key to row.
    public var tables: [String: [String: JSONValue]]
    /// Played as one run when a session opens; nil when the user speaks first.
    public var greeting: ReplySpec?
    /// Tried in order on every user action; the first that matches plays.
    public var rules: [ScriptRule]
    /// Played when no rule matches; nil for silence (only `turn_ended`).
    public var fallback: [PlayStep]?
    /// Where the script starts, for messages.
    public var location: SourceLocation

    /// Creates a script.
    public init(
        agent: AgentIdentity = AgentIdentity(), timing: ScriptTiming = ScriptTiming(), tools: [ScriptTool] = [],
        tables: [String: [String: JSONValue]] = [:], greeting: ReplySpec? = nil, rules: [ScriptRule] = [],
        fallback: [PlayStep]? = nil, location: SourceLocation
    ) {
        self.agent = agent
        self.timing = timing
        self.tools = tools
        self.tables = tables
        self.greeting = greeting
        self.rules = rules
        self.fallback = fallback
        self.location = location
    }

    /// The declared tool named `name`, if any.
    public func tool(named name: String) -> ScriptTool? {
        tools.first { $0.name == name }
    }
}

/// The agent's id and display name (the name goes on every agent reply).
public struct AgentIdentity: Hashable, Sendable {
    /// A stable id.
    public var id: String
    /// The name shown in transcripts.
    public var name: String

    /// Creates an identity.
    public init(id: String = "simulator", name: String = "Simulator") {
        self.id = id
        self.name = name
    }
}

/// How fast the agent answers and streams.
public struct ScriptTiming: Hashable, Sendable {
    /// Pause between a user action and the first event of its play.
    public var think: Duration
    /// Default number of `text_delta` chunks per reply.
    public var chunks: Int
    /// Default time between two chunks.
    public var chunkDelay: Duration

    /// Creates timing; the defaults play everything at once, in one chunk.
    public init(think: Duration = .zero, chunks: Int = 1, chunkDelay: Duration = .zero) {
        self.think = think
        self.chunks = chunks
        self.chunkDelay = chunkDelay
    }
}

/// A tool the agent may call.
public struct ScriptTool: Hashable, Sendable {
    /// Which side runs the tool.
    public enum Side: String, Hashable, Sendable, CaseIterable {
        /// The agent runs it and plays its result.
        case backend
        /// The client runs it and answers with `respond_tool`.
        case frontend
    }

    /// The tool's name.
    public var name: String
    /// Which side runs it.
    public var side: Side
    /// What it does.
    public var description: String?

    /// Creates a tool.
    public init(name: String, side: Side = .backend, description: String? = nil) {
        self.name = name
        self.side = side
        self.description = description
    }
}
