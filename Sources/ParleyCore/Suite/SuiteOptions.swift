import ParleyModel

/// How a suite runs: `parley run`'s options.
public struct SuiteOptions: Hashable, Sendable {
    /// Flows run at once; steps within a flow always run in order.
    public var parallel: Int
    /// Whole-flow retries after a failure; a pass on a retry is flaky.
    public var retries: Int
    /// Runs of each flow (`--repeat`), for pass rates.
    public var repetitions: Int
    /// Stop starting flows after the first failure.
    public var failFast: Bool
    /// Run only this shard's flows.
    public var shard: Shard?
    /// `--var k=v`: wins over a flow's `vars:` and its data rows.
    public var variables: [String: JSONValue]

    /// Creates options.
    public init(
        parallel: Int = 1, retries: Int = 0, repetitions: Int = 1, failFast: Bool = false, shard: Shard? = nil,
        variables: [String: JSONValue] = [:]
    ) {
        self.parallel = max(1, parallel)
        self.retries = max(0, retries)
        self.repetitions = max(1, repetitions)
        self.failFast = failFast
        self.shard = shard
        self.variables = variables
    }
}

/// `--shard i/n`: a stable split of flow files, by a hash of the path, so a file stays in its
/// shard when other files come and go.
public struct Shard: Hashable, Sendable {
    /// From 1.
    public var index: Int
    public var count: Int

    /// Creates a shard; nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether the flow file at `path` belongs to this shard.
    public func includes(_ path: String) -> Bool {
        // FNV-1a: stable across runs and machines, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index - 1
    }
}
