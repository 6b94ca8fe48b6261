import ParleyModel

/// How much history is kept: runs older than `age` go, and beyond the newest `runsPerCheck` of a
/// check the older ones go (`monitor: history: keep:` and `keep_runs:`).
public struct HistoryRetention: Hashable, Sendable {
    /// Runs that started longer ago than this are deleted.
    public var age: Duration
    /// At most this many finished runs are kept per check, the newest.
    public var runsPerCheck: Int

    /// `keep: 30d`, the default.
    public static let defaultAge = Duration.seconds(30 * 24 * 3600)
    /// `keep_runs: 1000`, the default.
    public static let defaultRunsPerCheck = 1000

    /// Creates a retention.
    public init(age: Duration = defaultAge, runsPerCheck: Int = defaultRunsPerCheck) {
        self.age = age
        self.runsPerCheck = runsPerCheck
    }

    /// The retention `history:` asks for, with the defaults for what it leaves out.
    public init(_ config: HistoryConfig?) {
        self.init(age: config?.keep ?? Self.defaultAge, runsPerCheck: config?.keepRuns ?? Self.defaultRunsPerCheck)
    }
}
