import ParleyCore
import ParleyModel

/// Turns a run's events into one `TurnLatency` per turn (a pure state machine).
///
/// A step result carries the latencies its turn had reached when it finished, so several steps of
/// one turn repeat them; the ledger keeps the latest per flow run and records them once, when the
/// next user action opens a new turn or the flow run finishes.
public struct TurnLedger: Sendable {
    private var open: [String: TurnLatency] = [:]
    /// Every turn recorded so far, in the order they ended.
    public private(set) var turns: [TurnLatency] = []

    /// An empty ledger.
    public init() {}

    /// Takes in one event.
    public mutating func note(_ event: PluginEvent) {
        guard let run = event.flow else { return }
        let key = "\(run.id)#attempt\(run.attempt)"
        switch event.kind {
        case .stepFinished(let result):
            guard !result.latencies.isEmpty else { return }
            var turn = open[key] ?? TurnLatency(flow: run.path, agent: run.agent, latencies: [:])
            turn.latencies.merge(result.latencies) { _, latest in latest }
            open[key] = turn
        case .userAction:
            close(key)
        case .flowFinished:
            close(key)
        case .runStarted, .flowStarted, .stepStarted, .agentEvent, .log:
            return
        }
    }

    private mutating func close(_ key: String) {
        if let turn = open.removeValue(forKey: key) { turns.append(turn) }
    }
}
