/// `monitor:` in parley.yaml: the checks `parley monitor` runs on a schedule, and where it
/// serves its metrics, keeps its history and sends its alerts.
public struct MonitorConfig: Hashable, Sendable {
    /// The checks, in the order written.
    public var checks: [CheckConfig]
    /// `listen:`: the address of `/metrics`, `/healthz` and the status page, `host:port`.
    public var listen: Located<String>?
    /// `concurrency:`: checks running at once, at most.
    public var concurrency: Int?
    /// `history:`.
    public var history: HistoryConfig?
    /// `alerts:`.
    public var alerts: AlertConfig?
    /// Where `monitor:` was written.
    public var location: SourceLocation

    /// Creates a monitor config.
    public init(
        checks: [CheckConfig], listen: Located<String>? = nil, concurrency: Int? = nil, history: HistoryConfig? = nil,
        alerts: AlertConfig? = nil, location: SourceLocation
    ) {
        self.checks = checks
        self.listen = listen
        self.concurrency = concurrency
        self.history = history
        self.alerts = alerts
        self.location = location
    }
}

/// One check of `monitor: checks:`: which flows, how often, how long at most.
public struct CheckConfig: Hashable, Sendable {
    /// Its name (the key under `checks:`), the `check` label of its metrics.
    public var name: String
    /// `flows:`: flow files or folders, relative to parley.yaml's folder.
    public var flows: [Located<String>]
    /// `tags:` / `exclude_tags:`: only flows with any of these tags / none of those.
    public var tags: [String]
    public var excludeTags: [String]
    /// `agent:`: run the flows against this agent instead of their own.
    public var agent: Located<String>?
    /// `every:` or `cron:`.
    public var schedule: ScheduleSpec
    /// `jitter:`: each run starts up to this much later than its slot, at random.
    public var jitter: Duration?
    /// `timeout:`: a run still going after this is stopped and counted as timed out.
    public var timeout: Duration?
    /// Where the check was written (its key).
    public var location: SourceLocation

    /// Creates a check.
    public init(
        name: String, flows: [Located<String>], tags: [String] = [], excludeTags: [String] = [], agent: Located<String>? = nil,
        schedule: ScheduleSpec, jitter: Duration? = nil, timeout: Duration? = nil, location: SourceLocation
    ) {
        self.name = name
        self.flows = flows
        self.tags = tags
        self.excludeTags = excludeTags
        self.agent = agent
        self.schedule = schedule
        self.jitter = jitter
        self.timeout = timeout
        self.location = location
    }
}

/// When a check runs.
public enum ScheduleSpec: Hashable, Sendable {
    /// `every: 5m`: a fixed interval, the first run at start.
    case every(Duration)
    /// `cron: "*/5 * * * *"`: minute, hour, day of month, month, day of week, in UTC.
    case cron(Located<String>)
}

/// `history:`: where run history is kept and for how long.
public struct HistoryConfig: Hashable, Sendable {
    /// `path:`: the SQLite file, relative to parley.yaml's folder.
    public var path: Located<String>?
    /// `keep:`: runs older than this are deleted.
    public var keep: Duration?
    /// `keep_runs:`: at most this many runs per check are kept, the newest.
    public var keepRuns: Int?

    /// Creates a history config.
    public init(path: Located<String>? = nil, keep: Duration? = nil, keepRuns: Int? = nil) {
        self.path = path
        self.keep = keep
        self.keepRuns = keepRuns
    }
}

/// `alerts:`: when a check alerts and where the alert goes.
public struct AlertConfig: Hashable, Sendable {
    /// `after:`: consecutive failures before a check alerts (default 2).
    public var after: Int?
    /// `webhook:`: the webhook plugin's settings (url, format, secret, headers, retries, timeout).
    public var webhook: [Assignment]
    /// Where `alerts:` was written.
    public var location: SourceLocation

    /// Creates an alert config.
    public init(after: Int? = nil, webhook: [Assignment], location: SourceLocation) {
        self.after = after
        self.webhook = webhook
        self.location = location
    }
}
