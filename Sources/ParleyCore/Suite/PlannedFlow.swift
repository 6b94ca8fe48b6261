import ParleyModel

/// A flow ready to run: parsed, with its agent's connector and its project's settings resolved.
public struct PlannedFlow: Sendable {
    public var flow: Flow
    /// The flow file, as reports show it.
    public var path: String
    public var connector: any Connector
    /// parley.yaml's `defaults.timeout`, else 10 s.
    public var defaultTimeout: Duration
    /// parley.yaml's `defaults.settle`, else 1 s: how long a read without `within:` waits after the turn ended.
    public var settle: Duration
    /// Reads `${env.X}` and `${secret.X}`.
    public var environment: @Sendable (Reference) -> String?
    /// The agent's name, for reports and metrics; nil when not known.
    public var agent: String?
    /// Answers `similar` and `judge`; nil when the flow asks no model.
    public var meaning: (any MeaningResolver)?
    /// Why the flow is not run (a model it needs is not configured); it is reported skipped, never passed.
    public var skipReason: String?

    /// Creates a planned flow.
    public init(
        flow: Flow, path: String, connector: any Connector, defaultTimeout: Duration = ProjectDefaults.fallbackTimeout,
        settle: Duration = ProjectDefaults.fallbackSettle, environment: @escaping @Sendable (Reference) -> String? = { _ in nil },
        agent: String? = nil
    ) {
        self.flow = flow
        self.path = path
        self.connector = connector
        self.defaultTimeout = defaultTimeout
        self.settle = settle
        self.environment = environment
        self.agent = agent
    }
}
