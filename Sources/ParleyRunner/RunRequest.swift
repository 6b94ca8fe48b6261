import ParleyCore
import ParleyModel

/// What to run and how: the options of `parley run`, as a value.
public struct RunRequest: Sendable {
    /// Flow files or folders; folders are searched for *.flow.yaml and *.flow.yml.
    public var paths: [String]
    /// Run only flows with any of these tags.
    public var tags: [String] = []
    /// Skip flows with any of these tags.
    public var excludeTags: [String] = []
    /// Run every flow against this agent of parley.yaml.
    public var agent: String?
    /// `--var`: wins over `vars:` and data rows.
    public var variables: [String: String] = [:]
    public var parallel = 1
    public var retries = 0
    public var repetitions = 1
    public var failFast = false
    /// `--no-cache`: `similar` and `judge` ask their models afresh, and keep nothing.
    public var noCache = false
    public var shard: Shard?
    /// Also write JUnit XML, the JSON report, the HTML report, or transcripts (one JSONL per flow run) here.
    public var junit: String?
    public var json: String?
    public var html: String?
    public var transcripts: String?
    /// Settings that win over parley.yaml's, by plugin name: `["log": ["level": "debug"]]` is `parley run -v`.
    public var pluginSettings: [String: [String: JSONValue]] = [:]
    /// Whether the console is a terminal (`color: auto`).
    public var isTerminal = false

    /// A request to run `paths`.
    public init(paths: [String] = ["."]) {
        self.paths = paths
    }
}
