import ParleyModel

/// What one turn measured: its flow and the latencies it reached, from the user action that opened it.
public struct TurnLatency: Hashable, Sendable {
    /// The flow file, as the `flow` label shows it.
    public var flow: String
    /// The agent's name, as the `agent` label shows it; nil when not known.
    public var agent: String?
    public var latencies: [LatencyMeasure: Duration]

    /// Creates a turn's measurements.
    public init(flow: String, agent: String? = nil, latencies: [LatencyMeasure: Duration]) {
        self.flow = flow
        self.agent = agent
        self.latencies = latencies
    }
}
